/**
 * Every operation's handler, one module per domain. The type makes a missing handler a compile
 * error; mock-server/handlers.test.ts enumerates the contract at run time too.
 */
import type { HandlerMap } from '../core/adapter.ts';
import { afterSaleHandlers } from './after-sale.ts';
import { browsingHandlers } from './browsing.ts';
import { contactHandlers } from './contacts.ts';
import { orderHandlers } from './orders.ts';
import { sessionHandlers } from './session.ts';

export const handlers = {
  ...sessionHandlers,
  ...contactHandlers,
  ...browsingHandlers,
  ...orderHandlers,
  ...afterSaleHandlers,
} satisfies HandlerMap;
