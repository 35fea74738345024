/**
 * What applying for an invoice renders with (decision 080): the order and the parent's personal
 * data (the chrome's; its bound mailbox makes the page ask whether the backend takes the proposals),
 * then, where the order can be invoiced, the title kinds and the mailing address.
 */
import { invoiceStatus } from '#contract/coded-values';
import { proposalsQuery } from '#src/lib/api/proposals.ts';
import { apiQuery } from '#src/lib/api/queries.ts';
import type { RouteData } from '#src/lib/api/route-data.ts';
import { orderDetailQuery } from '#src/lib/api/shared-queries.ts';
import { askMailInfo } from '#src/lib/mail-info.ts';
import { currentUserQuery } from '#src/lib/session/use-session.ts';

/** Personal and company titles are known without it: a failure is only logged. */
export const titleTypesQuery = () => apiQuery('invoice_title_enum_type_choose', {}, { staleTime: Infinity, errorHandling: 'log' });

export const data: RouteData<'invoiceRequest'> = async ({ ask, search: { id } }) => {
  if (id === undefined) return [];
  const [order, user] = await Promise.all([ask(orderDetailQuery(id)), ask(currentUserQuery())]);
  const proposals = user.user_info.mailbox === null ? [] : [ask(proposalsQuery())];
  const live = order.invoice && order.invoice.status !== invoiceStatus.values.rejected && order.invoice.status !== invoiceStatus.values.reversed;
  return live || !order.can_invoice ? proposals : [...proposals, ask(titleTypesQuery()), askMailInfo(ask)];
};
