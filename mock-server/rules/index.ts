/** Time rules, run before every answer so the tables match the clock (see MockState.catchUp). */
import type { MockState } from '../core/state.ts';
import { accountTimeRules } from './account-time.ts';
import { afterSaleTimeRules } from './after-sale-time.ts';
import { orderTimeRules } from './order-time.ts';

export function installTimeRules(state: MockState): void {
  for (const rule of [...accountTimeRules, ...orderTimeRules, ...afterSaleTimeRules]) state.addTimeRule(rule);
}
