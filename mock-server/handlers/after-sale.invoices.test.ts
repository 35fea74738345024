import { beforeEach, describe, expect, it } from 'vitest';
import { errorCodes, invoiceKind, invoiceStatus, invoiceTitleType, orderStatus, payType, refundStatus, supplyFeeStatus } from '#contract/index';
import type { Row } from '#fixtures/records';
import { DAY, HOUR, toIso } from '#fixtures/time';
import { invoiceEligibility } from '../rules/invoices.ts';
import { settleTrade } from '../rules/payments.ts';
import { setupMockForTests } from '../testing.ts';
import { FIRST_SESSION, NOW, PAY_TIME, WEEK, afterSaleWorld, ids } from './after-sale.world.ts';

const mock = setupMockForTests({ world: afterSaleWorld });
// These tests move the clock by days and weeks; a session must outlive that (tokens have their own tests).
beforeEach(() => void (mock.state.settings.tokenTtlMs = 365 * DAY));

const electronic = {
  order_id: ids.classOrder,
  title_type: invoiceTitleType.values.personal,
  title: '王小明家长',
  invoice_kind: invoiceKind.values.electronic,
  email: 'mum@example.com',
};
const address = { receiver: '王芳', phone: '13800138000', province: '北京市', city: '北京市', district: '西城区', address: '平安里西大街1号院2号楼', postcode: '100035' };

async function setOrder(id: number, change: Partial<Row<'orders'>>) {
  await mock.state.db.orders.update((q) => q.where({ id }), { data: (o) => void Object.assign(o, change) });
}
const invoiceRows = () => mock.state.db.invoices.all();

describe('invoice_title_enum_type_choose', () => {
  it('answers the title types with their Chinese labels, signed in or not', async () => {
    const answer = await mock.call('invoice_title_enum_type_choose', {});
    expect(answer).toMatchObject({ status: 200, error_code: 999999 });
    expect(answer.data).toEqual({
      list: [
        { value: 1, label: '个人' },
        { value: 2, label: '单位' },
      ],
    });
  });
});

describe('an electronic invoice', () => {
  it('is requested for what was paid, then issued an hour later with its PDF', async () => {
    const me = await mock.signIn('mum');
    const applied = await mock.call('invoice_application', { body: electronic }, me);
    expect(applied).toMatchObject({ status: 200, error_code: 999999, data: { invoice_id: 1 } });

    let detail = await mock.call('query_invoice_detail', { pathParams: { id: ids.classOrder } }, me);
    expect(detail.data).toMatchObject({
      id: 1,
      order_id: ids.classOrder,
      status: invoiceStatus.values.applying,
      title_type: invoiceTitleType.values.personal,
      title: '王小明家长',
      tax_number: null,
      amount: 1720,
      invoice_kind: invoiceKind.values.electronic,
      email: 'mum@example.com',
      mail_info: null,
      invoice_no: null,
      file_url: null,
      applied_at: '2026-09-01T10:00:00+08:00',
      issued_at: null,
    });

    mock.state.clock.advance(HOUR);
    detail = await mock.call('query_invoice_detail', { pathParams: { id: ids.classOrder } }, me);
    expect(detail.data).toMatchObject({
      status: invoiceStatus.values.issued,
      invoice_no: '20260901000000000001',
      file_url: 'invoice/20260901000000000001.pdf',
      issued_at: '2026-09-01T11:00:00+08:00',
      express_no: null,
    });
    mock.state.clock.advance(10 * DAY);
    detail = await mock.call('query_invoice_detail', { pathParams: { id: ids.classOrder } }, me);
    expect(detail.data?.status).toBe(invoiceStatus.values.issued);
  });

  it('covers what was paid less what came back', async () => {
    const me = await mock.signIn('mum');
    await mock.state.db.refunds.create({
      id: 1,
      refund_no: 'RF1',
      order_id: ids.classOrder,
      parent_id: ids.mum,
      amount: 1300,
      status: refundStatus.values.refunded,
      reason: '孩子生病',
      sessions_refunded: 13,
      applied_at: toIso(NOW - DAY),
      finished_at: toIso(NOW),
      reject_reason: null,
      is_activity: false,
    });
    await setOrder(ids.classOrder, { status: orderStatus.values.partiallyRefunded, refunded_amount: 1300 });
    await mock.call('invoice_application', { body: electronic }, me);
    expect(invoiceRows()[0]?.amount).toBe(420);
  });

  it('keeps a company’s tax number and drops one sent with a personal title', async () => {
    const me = await mock.signIn('mum');
    await mock.call('invoice_application', { body: { ...electronic, tax_number: '91110000MA01ABCDE1' } }, me);
    expect(invoiceRows()[0]?.tax_number).toBeNull();
    await mock.state.db.invoices.deleteMany((q) => q.where({ id: 1 }));
    const company = { ...electronic, title_type: invoiceTitleType.values.company, title: '北京某科技有限公司', tax_number: '91110000MA01ABCDE1' };
    await mock.call('invoice_application', { body: company }, me);
    expect(invoiceRows()[0]).toMatchObject({ title: '北京某科技有限公司', tax_number: '91110000MA01ABCDE1' });
  });

  it('for a company needs a tax number (contract)', async () => {
    const me = await mock.signIn('mum');
    const answer = await mock.call('invoice_application', { body: { ...electronic, title_type: invoiceTitleType.values.company } }, me);
    expect(answer).toMatchObject({ status: 400, error_code: errorCodes.invalidRequest.code, msg: 'tax_number：单位抬头需填写纳税人识别号' });
  });
});

describe('an electronic invoice to the bound mailbox (use_bound_mailbox, decision 034)', () => {
  const toBound = { ...electronic, email: undefined, use_bound_mailbox: true };
  const bindMailbox = (mailbox: string | null) => mock.state.db.parents.update((q) => q.where({ id: ids.mum }), { data: (p) => void (p.mailbox = mailbox) });

  it('goes to the mailbox the parent bound, which the app knows only masked', async () => {
    await bindMailbox('wangfang@example.com');
    const me = await mock.signIn('mum');
    const applied = await mock.call('invoice_application', { body: toBound }, me);
    expect(applied).toMatchObject({ status: 200, error_code: errorCodes.success.code });
    expect(invoiceRows()[0]).toMatchObject({ invoice_kind: invoiceKind.values.electronic, email: 'wangfang@example.com' });
    const detail = await mock.call('query_invoice_detail', { pathParams: { id: ids.classOrder } }, me);
    expect(detail.data).toMatchObject({ email: 'wangfang@example.com' });
  });

  it('is refused in Chinese when no mailbox is bound, changing nothing', async () => {
    await bindMailbox(null);
    const me = await mock.signIn('mum');
    const before = mock.state.snapshot();
    const answer = await mock.call('invoice_application', { body: toBound }, me);
    expect(answer).toMatchObject({ status: 200, error_code: errorCodes.notBound.code, msg: '您尚未绑定邮箱，请填写接收邮箱' });
    expect(mock.state.snapshot()).toEqual(before);
  });

  it('takes an email or the bound mailbox, not both, and an electronic invoice needs one (contract)', async () => {
    await bindMailbox('wangfang@example.com');
    const me = await mock.signIn('mum');
    const both = await mock.call('invoice_application', { body: { ...electronic, use_bound_mailbox: true } }, me);
    expect(both).toMatchObject({ status: 400, error_code: errorCodes.invalidRequest.code, msg: 'email：使用绑定邮箱时不填写接收邮箱' });
    const neither = await mock.call('invoice_application', { body: { ...electronic, email: undefined, use_bound_mailbox: false } }, me);
    expect(neither).toMatchObject({ status: 400, error_code: errorCodes.invalidRequest.code, msg: 'email：电子发票需填写接收邮箱' });
    expect(invoiceRows()).toHaveLength(0);
  });
});

describe('a paper invoice', () => {
  it('goes to the parent’s address: issued after an hour, mailed a day later', async () => {
    const me = await mock.signIn('mum');
    const created = await mock.call('creat_mail_info', { body: address }, me);
    const paper = { ...electronic, invoice_kind: invoiceKind.values.paper, email: undefined, mail_info_id: created.data.id };
    const applied = await mock.call('invoice_application', { body: paper }, me);
    expect(applied.error_code).toBe(999999);

    let detail = await mock.call('query_invoice_detail', { pathParams: { id: ids.classOrder } }, me);
    expect(detail.data).toMatchObject({ status: invoiceStatus.values.applying, email: null, mail_info: { id: created.data.id, ...address } });

    mock.state.clock.advance(HOUR);
    detail = await mock.call('query_invoice_detail', { pathParams: { id: ids.classOrder } }, me);
    expect(detail.data).toMatchObject({ status: invoiceStatus.values.issued, invoice_no: '20260901000000000001', file_url: null, express_no: null });

    mock.state.clock.advance(DAY);
    detail = await mock.call('query_invoice_detail', { pathParams: { id: ids.classOrder } }, me);
    expect(detail.data).toMatchObject({ status: invoiceStatus.values.mailed, express_no: 'SF2026090200001' });
  });

  it('is refused with 404 for another parent’s address, changing nothing', async () => {
    const me = await mock.signIn('mum');
    const before = mock.state.snapshot();
    const paper = { ...electronic, invoice_kind: invoiceKind.values.paper, mail_info_id: ids.otherMailInfo };
    const answer = await mock.call('invoice_application', { body: paper }, me);
    expect(answer).toMatchObject({ status: 404, error_code: errorCodes.notFound.code, msg: '邮寄地址不存在或已删除' });
    expect(mock.state.snapshot()).toEqual(before);
  });
});

describe('invoice eligibility', () => {
  it('allows one invoice per order', async () => {
    const me = await mock.signIn('mum');
    await mock.call('invoice_application', { body: electronic }, me);
    const again = await mock.call('invoice_application', { body: electronic }, me);
    expect(again).toMatchObject({ status: 200, error_code: errorCodes.invoiceExists.code, msg: '该订单已申请过发票' });
    expect(invoiceRows()).toHaveLength(1);
  });

  it('lets the parent ask again after a failed invoice, and shows the newest', async () => {
    const me = await mock.signIn('mum');
    await mock.call('invoice_application', { body: electronic }, me);
    await mock.state.db.invoices.update((q) => q.where({ id: 1 }), { data: (i) => void (i.status = invoiceStatus.values.rejected) });
    const again = await mock.call('invoice_application', { body: { ...electronic, title: '王小明' } }, me);
    expect(again.data).toEqual({ invoice_id: 2 });
    const detail = await mock.call('query_invoice_detail', { pathParams: { id: ids.classOrder } }, me);
    expect(detail.data).toMatchObject({ id: 2, title: '王小明', status: invoiceStatus.values.applying });
  });

  it.each([
    [orderStatus.values.unpaid, '未支付或已全额退费的订单不能开票'],
    [orderStatus.values.cancelled, '未支付或已全额退费的订单不能开票'],
    [orderStatus.values.refunded, '未支付或已全额退费的订单不能开票'],
    [orderStatus.values.refunding, '订单退费处理中，暂不能开票'],
  ])('refuses an order in status %i', async (status, msg) => {
    const me = await mock.signIn('mum');
    await setOrder(ids.classOrder, { status });
    const answer = await mock.call('invoice_application', { body: electronic }, me);
    expect(answer).toMatchObject({ status: 200, error_code: errorCodes.invoiceNotAllowed.code, msg });
    expect(invoiceRows()).toHaveLength(0);
  });

  it('accepts a partially refunded order', async () => {
    await setOrder(ids.classOrder, { status: orderStatus.values.partiallyRefunded });
    const order = mock.state.db.orders.findFirst((q) => q.where({ id: ids.classOrder }), { strict: true });
    expect(invoiceEligibility(mock.state, order)).toEqual({ ok: true });
  });

  it('closes 90 days after payment on the mock clock', async () => {
    const me = await mock.signIn('mum');
    mock.state.clock.set(PAY_TIME + 90 * DAY + 1000);
    const late = await mock.call('invoice_application', { body: electronic }, me);
    expect(late).toMatchObject({ status: 200, error_code: errorCodes.invoiceWindowPassed.code, msg: '已超过开票期限（支付后90天内）' });
    mock.state.clock.set(PAY_TIME + 90 * DAY);
    const inTime = await mock.call('invoice_application', { body: electronic }, me);
    expect(inTime.error_code).toBe(999999);
  });

  it('answers 404 for another parent’s order', async () => {
    const me = await mock.signIn('mum');
    const answer = await mock.call('invoice_application', { body: { ...electronic, order_id: ids.otherOrder } }, me);
    expect(answer).toMatchObject({ status: 404, error_code: errorCodes.notFound.code, msg: '订单不存在或已删除' });
  });
});

describe('query_invoice_detail', () => {
  it('answers null when no invoice was requested', async () => {
    const me = await mock.signIn('mum');
    const answer = await mock.call('query_invoice_detail', { pathParams: { id: ids.classOrder } }, me);
    expect(answer).toMatchObject({ status: 200, error_code: 999999, data: null });
  });

  it('answers 404 for another parent’s order, even one with an invoice', async () => {
    const other = await mock.signIn('other');
    const theirs = await mock.call('invoice_application', { body: { ...electronic, order_id: ids.otherOrder } }, other);
    expect(theirs.error_code).toBe(999999);
    const me = await mock.signIn('mum');
    const answer = await mock.call('query_invoice_detail', { pathParams: { id: ids.otherOrder } }, me);
    expect(answer).toMatchObject({ status: 404, error_code: errorCodes.notFound.code });
  });
});

describe('an invoice after the money changed (红冲 and 换开)', () => {
  const reason = { reason: '孩子转学' };
  const issued = async () => {
    const me = await mock.signIn('mum');
    expect((await mock.call('invoice_application', { body: electronic }, me)).data).toEqual({ invoice_id: 1 });
    mock.state.clock.advance(HOUR);
    return me;
  };
  const byId = (id: number) => mock.state.db.invoices.findFirst((q) => q.where({ id }), { strict: true });

  it('a full refund reverses the issued invoice and leaves no live one; the order cannot be invoiced again', async () => {
    const me = await issued();
    expect((await mock.call('apply_refund', { pathParams: { id: ids.classOrder }, body: reason }, me)).data).toMatchObject({ amount: 1720 });
    mock.state.clock.advance(2 * DAY);
    const later = await mock.signIn('mum');
    const detail = await mock.call('query_invoice_detail', { pathParams: { id: ids.classOrder } }, later);
    expect(detail.data).toMatchObject({ id: 1, status: invoiceStatus.values.reversed, amount: 1720 });
    expect(invoiceRows()).toHaveLength(1);
    const again = await mock.call('invoice_application', { body: electronic }, later);
    expect(again).toMatchObject({ error_code: errorCodes.invoiceNotAllowed.code });
  });

  it('a partial refund reverses it and reissues one for what the order keeps, issued an hour later', async () => {
    await issued();
    mock.state.clock.set(FIRST_SESSION + 2 * WEEK + HOUR);
    expect((await mock.call('apply_refund', { pathParams: { id: ids.classOrder }, body: reason }, await mock.signIn('mum'))).data).toMatchObject({ amount: 1300 });
    mock.state.clock.advance(2 * DAY);
    const later = await mock.signIn('mum');
    const detail = await mock.call('query_invoice_detail', { pathParams: { id: ids.classOrder } }, later);
    expect(byId(1)).toMatchObject({ status: invoiceStatus.values.reversed, amount: 1720 });
    expect(detail.data).toMatchObject({ id: 2, amount: 420, title: '王小明家长', email: 'mum@example.com' });
    expect([invoiceStatus.values.applying, invoiceStatus.values.issued]).toContain(detail.data!.status);
    mock.state.clock.advance(HOUR);
    await mock.state.catchUp();
    expect(byId(2).status).toBe(invoiceStatus.values.issued);
  });

  it('a fee paid after invoicing is invoiced: the invoice is reissued for the new amount', async () => {
    const me = await issued();
    await mock.state.db.supplyFees.create({
      id: 9,
      parent_id: ids.mum,
      order_id: ids.classOrder,
      title: '画材费',
      amount: 80,
      status: supplyFeeStatus.values.unpaid,
      created_at: toIso(mock.state.now()),
      deadline: toIso(mock.state.now() + 7 * DAY),
      pay_time: null,
    });
    const trade = (await mock.call('pay_supply_fee', { body: { supply_fee_id: 9, pay_type: payType.values.wechat } }, me)).data;
    await settleTrade(mock.state, trade.trade_no, 'success');
    expect(byId(1).status).toBe(invoiceStatus.values.reversed);
    const detail = await mock.call('query_invoice_detail', { pathParams: { id: ids.classOrder } }, me);
    expect(detail.data).toMatchObject({ id: 2, amount: 1800, status: invoiceStatus.values.applying });
  });
});
