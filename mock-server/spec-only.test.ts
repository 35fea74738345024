/**
 * Spec-only mode (issue 26, decision 057): the mock as the center's backend is, answering the
 * calls of spec §7 and nothing else. The project's own calls (the proposals of docs/api) answer
 * as a path no operation has (404, 接口不存在), and a proposed request field is ignored, as a
 * backend that does not know it ignores it. The same setting from the CLI, the control API and
 * a world's snapshot (spec-only.serve.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { errorCodes, invoiceKind, invoiceTitleType, operationList, refundStatus } from '#contract/index';
import { proposalList } from '#contract/proposals';
import { afterSaleWorld, ids } from './handlers/after-sale.world.ts';
import { setupMockForTests } from './testing.ts';

const mock = setupMockForTests({ world: afterSaleWorld, settings: { specOnly: true } });

const ownCalls = operationList.filter((op) => op.extension).map((op) => op.id);
const unknownCall = { status: 404, error_code: errorCodes.unknownCall.code, msg: errorCodes.unknownCall.message, data: null };

describe('spec-only mode', () => {
  it('answers each of the project’s own calls as a path no operation has', async () => {
    expect(ownCalls.sort()).toEqual(['my_refund_list', 'supply_fee_detail', 'withdraw_refund']);
    const me = await mock.signIn('mum');
    const refund = { id: await applied(me) };
    expect(await mock.call('my_refund_list', { query: {} }, me)).toEqual(unknownCall);
    expect(await mock.call('supply_fee_detail', { pathParams: { id: 1 } }, me)).toEqual(unknownCall);
    expect(await mock.call('withdraw_refund', { pathParams: { id: refund.id } }, me)).toEqual(unknownCall);
    expect(await mock.raw('GET', 'no_such_call')).toEqual(unknownCall);
    // Nothing was withdrawn, and §7's calls answer as ever.
    expect(mock.state.db.refunds.findFirst((q) => q.where({ id: refund.id }))!.status).toBe(refundStatus.values.applying);
    expect(await mock.call('refund_detail', { pathParams: { id: refund.id } }, me)).toMatchObject({ status: 200, error_code: errorCodes.success.code });
    expect(await mock.call('my_supply_fee_list', { query: {} }, me)).toMatchObject({ status: 200, data: { total: 1 } });
  });

  it('answers 404 before any fault: a call the backend does not have cannot fail otherwise', async () => {
    const me = await mock.signIn('mum');
    mock.state.faults.add([{ operation: 'my_refund_list', status: 500, times: 1 }]);
    expect(await mock.call('my_refund_list', { query: {} }, me)).toEqual(unknownCall);
  });

  it('ignores a proposed request field: an e-invoice to the bound mailbox needs an address, as without the field', async () => {
    expect(
      proposalList()
        .filter((p) => p.field)
        .map((p) => `${p.operation}.${p.field}`),
    ).toEqual(['invoice_application.use_bound_mailbox']);
    const me = await mock.signIn('mum');
    await mock.state.db.parents.update((q) => q.where({ id: ids.mum }), { data: (p) => void (p.mailbox = 'mum@example.com') });
    const invoice = { order_id: ids.classOrder, title_type: invoiceTitleType.values.personal, title: '王小明家长', invoice_kind: invoiceKind.values.electronic };
    expect(await mock.call('invoice_application', { body: { ...invoice, use_bound_mailbox: true } }, me)).toMatchObject({
      status: 400,
      error_code: errorCodes.invalidRequest.code,
      msg: 'email：电子发票需填写接收邮箱',
    });
    expect(mock.state.db.invoices.count()).toBe(0);
    // With both, the field is not there to conflict with the address: the invoice goes to it.
    expect(await mock.call('invoice_application', { body: { ...invoice, use_bound_mailbox: true, email: 'dad@example.com' } }, me)).toMatchObject({ error_code: errorCodes.success.code });
    expect(mock.state.db.invoices.all()).toEqual([expect.objectContaining({ email: 'dad@example.com' })]);
  });

  it('is off by default: the same calls answer', async () => {
    mock.state.settings.specOnly = false;
    try {
      const me = await mock.signIn('mum');
      expect(await mock.call('my_refund_list', { query: {} }, me)).toMatchObject({ status: 200, error_code: errorCodes.success.code });
      expect(await mock.call('supply_fee_detail', { pathParams: { id: 1 } }, me)).toMatchObject({ status: 200 });
    } finally {
      mock.state.settings.specOnly = true;
    }
  });
});

/** mum's class order with a refund 申请中, applied while the mode was off. */
async function applied(me: Awaited<ReturnType<typeof mock.signIn>>): Promise<number> {
  mock.state.settings.specOnly = false;
  try {
    const answer = await mock.call('apply_refund', { pathParams: { id: ids.classOrder }, body: { reason: '时间冲突' } }, me);
    return answer.data.refund_id;
  } finally {
    mock.state.settings.specOnly = true;
  }
}
