/**
 * Order news (issue 26): the messages page promises order changes, so the mock writes a message
 * for each order event, linked to its record: an order closed unpaid, a refund completed, a
 * supplementary fee created, an invoice issued or reversed; the unread count follows.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { invoiceKind, invoiceTitleType, messageRecordKind, messageType, orderStatus } from '#contract/index';
import { buildWorld } from '#fixtures/snapshot';
import { INVOICE_ISSUE_MS, REFUND_ACCEPT_MS, REFUND_PAY_BACK_MS } from '#fixtures/rules';
import { DAY, HOUR, MINUTE, toIso } from '#fixtures/time';
import { addSupplyFee, enrol } from '#fixtures/world';
import { NOW, afterSaleWorld, ids } from '../handlers/after-sale.world.ts';
import { setupMockForTests, type Credentials } from '../testing.ts';

const mock = setupMockForTests({ world: afterSaleWorld });
// These tests move the clock by days; a session must outlive that (tokens have their own tests).
beforeEach(() => void (mock.state.settings.tokenTtlMs = 365 * DAY));

/** mum's messages as the list answers them, newest first. */
async function news(me: Credentials) {
  return (await mock.call('system_message_list', { query: { page_size: 50 } }, me)).data.list;
}
const unread = async (me: Credentials) => (await mock.call('system_message_is_see_num', {}, me)).data.num;
const order = (id: number) => mock.state.db.orders.findFirst((q) => q.where({ id }), { strict: true });

async function advance(ms: number) {
  mock.state.clock.advance(ms);
  await mock.state.catchUp();
}

describe('order news', () => {
  it('an order closed unpaid: 订单已关闭, linked to the order, at its deadline', async () => {
    const me = await mock.signIn('mum');
    const before = await unread(me);
    const lapsed = order(ids.unpaidOrder);
    mock.state.clock.set(Date.parse(lapsed.pay_deadline) + MINUTE);
    const [first] = await news(me);
    expect(first).toEqual({
      id: expect.any(Number),
      type: messageType.values.order,
      title: '订单已关闭',
      summary: `「少儿国画启蒙班」订单${lapsed.order_no}超时未支付，已自动关闭，名额已释放。`,
      is_see: false,
      created_at: lapsed.pay_deadline,
      record: { kind: messageRecordKind.values.order, id: ids.unpaidOrder, order_id: ids.unpaidOrder },
    });
    expect(await unread(me)).toBe(before + 1);
  });

  it('an order the parent cancels says nothing: the parent did it', async () => {
    const me = await mock.signIn('mum');
    const before = (await news(me)).length;
    expect((await mock.call('cancel_order', { pathParams: { id: ids.unpaidOrder }, body: {} }, me)).error_code).toBe(999999);
    await advance(DAY);
    expect(order(ids.unpaidOrder).status).toBe(orderStatus.values.cancelled);
    expect(await news(me)).toHaveLength(before);
  });

  it('a refund completed: 退费已完成, linked to the refund, when the money is back', async () => {
    const me = await mock.signIn('mum');
    const applied = await mock.call('apply_refund', { pathParams: { id: ids.classOrder }, body: { reason: '孩子时间安排冲突' } }, me);
    await advance(REFUND_ACCEPT_MS);
    expect((await news(me)).filter((m) => m.title === '退费已完成')).toEqual([]);
    const before = await unread(me);
    await advance(REFUND_PAY_BACK_MS);
    const refund = mock.state.db.refunds.findFirst((q) => q.where({ id: applied.data.refund_id }), { strict: true });
    expect((await news(me))[0]).toMatchObject({
      type: messageType.values.order,
      title: '退费已完成',
      summary: `「少儿国画启蒙班」的退费${refund.refund_no}已完成，¥${refund.amount.toFixed(2)}已原路退回。`,
      created_at: refund.finished_at,
      record: { kind: messageRecordKind.values.refund, id: refund.id, order_id: ids.classOrder },
    });
    expect(await unread(me)).toBe(before + 1);
  });

  it('an invoice issued, then reversed by a refund: 发票已开具 and 发票已红冲, linked to the invoice', async () => {
    const me = await mock.signIn('mum');
    const body = { order_id: ids.classOrder, title_type: invoiceTitleType.values.personal, title: '王小明家长', invoice_kind: invoiceKind.values.electronic, email: 'mum@example.com' };
    const { invoice_id } = (await mock.call('invoice_application', { body }, me)).data;
    await advance(INVOICE_ISSUE_MS);
    const issued = mock.state.db.invoices.findFirst((q) => q.where({ id: invoice_id }), { strict: true });
    const record = { kind: messageRecordKind.values.invoice, id: invoice_id, order_id: ids.classOrder };
    expect((await news(me))[0]).toMatchObject({
      title: '发票已开具',
      summary: `「少儿国画启蒙班」的电子发票${issued.invoice_no}已开具（¥${issued.amount.toFixed(2)}），可在发票管理中下载。`,
      created_at: toIso(NOW + INVOICE_ISSUE_MS),
      record,
    });
    // The class has not started: everything comes back, and the invoice is reversed with nothing kept.
    await mock.call('apply_refund', { pathParams: { id: ids.classOrder }, body: { reason: '孩子时间安排冲突' } }, me);
    await advance(REFUND_ACCEPT_MS + REFUND_PAY_BACK_MS);
    const titles = (await news(me)).slice(0, 2).map((m) => [m.title, m.record]);
    expect(titles).toContainEqual(['发票已红冲', record]);
    const reversed = (await news(me)).find((m) => m.title === '发票已红冲')!;
    expect(reversed.summary).toBe(`「少儿国画启蒙班」的发票${issued.invoice_no}已红冲（¥${issued.amount.toFixed(2)}）。`);
  });

  it('a supplementary fee created: 补缴费用通知, linked to the fee, when it is charged', async () => {
    let feeId = 0;
    const world = buildWorld(3, NOW, (b) => {
      const { f, add } = b;
      const [parent] = add('parents', f.parent({ username: 'dad' }));
      const [child] = add('contacts', f.contact(parent!.id, { name: '李小明' }));
      const [center] = add('centers', f.center({ name: '美术中心' }));
      const [specialty] = add('specialties', f.specialty(center!.id, { name: '素描' }));
      const [klass] = add('classes', f.classRow({ center_id: center!.id, specialty_id: specialty!.id, name: '素描基础班' }));
      add('classSessions', ...f.sessionsOf(klass!, 0));
      const { order } = enrol(b, { parent: parent!, child: child!, klass: klass!, signedUpAt: NOW - 2 * DAY, outcome: 'paid' });
      feeId = addSupplyFee(b, order!, { title: '画材费', amount: 80, createdAt: NOW - HOUR, deadline: NOW + 5 * DAY }).id;
    });
    await mock.state.load(world.snapshot);
    const me = await mock.signIn('dad');
    const fee = mock.state.db.supplyFees.findFirst((q) => q.where({ id: feeId }), { strict: true });
    expect(await news(me)).toEqual([
      {
        id: expect.any(Number),
        type: messageType.values.order,
        title: '补缴费用通知',
        summary: '「素描基础班」需补缴画材费¥80.00，请于2026-09-06 10:00前在“补缴费用”中完成补缴。',
        is_see: false,
        created_at: fee.created_at,
        record: { kind: messageRecordKind.values.supplyFee, id: feeId, order_id: fee.order_id },
      },
    ]);
    expect(await unread(me)).toBe(1);
  });
});
