/**
 * Refunds, invoices, pick-up people (access control) and the mailing address. The money rules
 * live in rules/refunds.ts and rules/invoices.ts, shared with the order views' can_refund and
 * can_invoice flags; the stages that follow an application are time rules (rules/after-sale-time.ts).
 */
import { invoiceKind, invoiceStatus, invoiceTitleType, mailInfoSchema, maskPhone, orderStatus, pickerSchema, pickerStatus, refundStatus } from '#contract/index';
import { refundNumber, toYuan, toFen } from '#fixtures/rules';
import type { HandlerContext } from '../core/adapter.ts';
import { nextId, type Row } from '../core/db.ts';
import type { Refuse } from '../core/refusal.ts';
import { invoiceAmount, invoiceEligibility, latestInvoiceOf } from '../rules/invoices.ts';
import { isActivityOrder, previewRefund, refundCheck, sessionsToRefund } from '../rules/refunds.ts';
import { contactOf } from '../rules/sign-up.ts';
import type { MockState } from '../core/state.ts';
import { presentInvoice, presentRefund, presentRefundRecord } from '../views/orders.ts';
import { defineHandlers, owned, paginate, userOf } from './define.ts';

/** The design brief: 'a small number per child'. The same number is in pickerLimit's message. */
export const PICKER_LIMIT = 3;

type Kind = 'regular' | 'activity';

/** What a parent is told when a call of one kind meets an order of the other. */
const wrongKind: Record<Kind, string> = {
  regular: '该订单为活动订单，请使用活动退费',
  activity: '该订单为课程订单，请使用课程退费',
};

function orderOf(state: MockState, user: Row<'parents'>, orderId: number, refuse: Refuse<'notFound'>): Row<'orders'> {
  return owned(
    state.db.orders.findFirst((q) => q.where({ id: orderId })),
    user,
    '订单',
    refuse,
  );
}

/** The parent's order of the kind the call is for (regular or activity operations). */
function refundOrder(state: MockState, user: Row<'parents'>, orderId: number, kind: Kind, refuse: Refuse<'notFound' | 'refundNotAllowed'>): Row<'orders'> {
  const order = orderOf(state, user, orderId, refuse);
  if (isActivityOrder(state, order) !== (kind === 'activity')) throw refuse('refundNotAllowed', wrongKind[kind]);
  return order;
}

function refundDetail(ctx: HandlerContext<'refund_detail'> | HandlerContext<'activity_refund_detail'>, kind: Kind) {
  const user = userOf(ctx);
  const refund = owned(
    ctx.state.db.refunds.findFirst((q) => q.where({ id: ctx.input.pathParams.id })),
    user,
    '退费记录',
    ctx.refuse,
  );
  if (refund.is_activity !== (kind === 'activity')) {
    throw ctx.refuse('notFound', kind === 'activity' ? '该退费记录属于课程订单，请在课程退费详情中查看' : '该退费记录属于活动订单，请在活动退费详情中查看');
  }
  return presentRefund(ctx.state, refund);
}

function refundPreview(ctx: HandlerContext<'preview_refund_fee'> | HandlerContext<'activity_preview_refund_fee'>, kind: Kind) {
  const order = refundOrder(ctx.state, userOf(ctx), ctx.input.pathParams.id, kind, ctx.refuse);
  const { refusal, preview } = refundCheck(ctx.state, order);
  // Nothing left to refund is still a preview: its rule tells the parent why.
  if (refusal && !preview) throw ctx.refuse(refusal.reason, refusal.msg);
  return preview ?? previewRefund(ctx.state, order);
}

async function applyRefund(ctx: HandlerContext<'apply_refund'> | HandlerContext<'activity_apply_refund'>, kind: Kind) {
  const { state } = ctx;
  const user = userOf(ctx);
  const order = refundOrder(state, user, ctx.input.pathParams.id, kind, ctx.refuse);
  const { refusal, preview } = refundCheck(state, order);
  if (refusal || !preview) throw ctx.refuse(refusal?.reason ?? 'refundNotAllowed', refusal?.msg);

  const id = nextId(state.db.refunds.all());
  await state.db.refunds.create({
    id,
    refund_no: refundNumber(id, state.now()),
    order_id: order.id,
    parent_id: user.id,
    amount: toYuan(preview.refundable_amount),
    status: refundStatus.values.applying,
    reason: ctx.input.body.reason,
    sessions_refunded: sessionsToRefund(state, order, preview),
    applied_at: state.nowIso(),
    finished_at: null,
    reject_reason: null,
    is_activity: kind === 'activity',
  });
  await state.db.orders.update((q) => q.where({ id: order.id }), { data: (o) => void (o.status = orderStatus.values.refunding) });
  return { refund_id: id, amount: preview.refundable_amount };
}

/** The contract's shapes drop the owner; a picker's phone is shown masked, as to anyone else. */
const presentPicker = (row: Row<'pickers'>) => pickerSchema.parse({ ...row, phone: maskPhone(row.phone) });
const presentMailInfo = (row: Row<'mailInfos'>) => mailInfoSchema.parse(row);

export const afterSaleHandlers = defineHandlers({
  refund_detail: (ctx) => refundDetail(ctx, 'regular'),
  activity_refund_detail: (ctx) => refundDetail(ctx, 'activity'),
  preview_refund_fee: (ctx) => refundPreview(ctx, 'regular'),
  activity_preview_refund_fee: (ctx) => refundPreview(ctx, 'activity'),
  apply_refund: (ctx) => applyRefund(ctx, 'regular'),
  activity_apply_refund: (ctx) => applyRefund(ctx, 'activity'),

  my_refund_list: (ctx) => {
    const { status } = ctx.input.query;
    const rows = ctx.state.db.refunds
      .findMany((q) => q.where({ parent_id: userOf(ctx).id }))
      .filter((r) => status === undefined || r.status === status)
      // Newest application first; ISO times with the same offset sort as text.
      .sort((a, b) => b.applied_at.localeCompare(a.applied_at) || b.id - a.id);
    return paginate(
      rows.map((r) => presentRefundRecord(ctx.state, r)),
      ctx.input.query,
    );
  },

  withdraw_refund: async (ctx) => {
    const { state } = ctx;
    const refund = owned(
      state.db.refunds.findFirst((q) => q.where({ id: ctx.input.pathParams.id })),
      userOf(ctx),
      '退费记录',
      ctx.refuse,
    );
    if (refund.status !== refundStatus.values.applying) {
      throw ctx.refuse('refundNotAllowed', refund.status === refundStatus.values.processing ? '退费申请已受理，不能撤回' : `该退费${refundStatus.label(refund.status)}，不能撤回`);
    }
    await state.db.refunds.update((q) => q.where({ id: refund.id }), {
      data(r) {
        r.status = refundStatus.values.withdrawn;
        r.finished_at = state.nowIso();
      },
    });
    // The order stands as it did before the application: paid, or partially refunded by an earlier one.
    await state.db.orders.update((q) => q.where({ id: refund.order_id }), {
      data: (o) => void (o.status = toFen(o.refunded_amount) > 0 ? orderStatus.values.partiallyRefunded : orderStatus.values.paid),
    });
    return null;
  },

  refund_remain_query: (ctx) => {
    // One call for both kinds: it only reports the money (there is no activity_ twin).
    const order = orderOf(ctx.state, userOf(ctx), ctx.input.pathParams.id, ctx.refuse);
    const preview = previewRefund(ctx.state, order);
    return { paid_amount: preview.paid_amount, refunded_amount: preview.refunded_amount, remain_amount: preview.refundable_amount };
  },

  invoice_application: async (ctx) => {
    const { state } = ctx;
    const user = userOf(ctx);
    const body = ctx.input.body;
    const order = orderOf(state, user, body.order_id, ctx.refuse);
    const eligible = invoiceEligibility(state, order);
    if (!eligible.ok) throw ctx.refuse(eligible.reason, eligible.msg);
    const paper = body.invoice_kind === invoiceKind.values.paper;
    const mailInfo = paper
      ? owned(
          state.db.mailInfos.findFirst((q) => q.where({ id: body.mail_info_id ?? 0 })),
          user,
          '邮寄地址',
          ctx.refuse,
        )
      : null;
    // The bound mailbox, which the app knows only masked (decision 034); a paper invoice needs none.
    let email = paper ? null : (body.email ?? null);
    if (!paper && body.use_bound_mailbox) {
      if (!user.mailbox) throw ctx.refuse('notBound', '您尚未绑定邮箱，请填写接收邮箱');
      email = user.mailbox;
    }

    const id = nextId(state.db.invoices.all());
    await state.db.invoices.create({
      id,
      order_id: order.id,
      parent_id: user.id,
      status: invoiceStatus.values.applying,
      title_type: body.title_type,
      title: body.title,
      // A personal title carries no tax number, whatever the form sent.
      tax_number: body.title_type === invoiceTitleType.values.company ? (body.tax_number ?? null) : null,
      amount: invoiceAmount(state, order),
      invoice_kind: body.invoice_kind,
      email,
      mail_info_id: mailInfo?.id ?? null,
      invoice_no: null,
      file_url: null,
      express_no: null,
      applied_at: state.nowIso(),
      issued_at: null,
      remark: body.remark ?? null,
    });
    return { invoice_id: id };
  },

  invoice_title_enum_type_choose: () => ({ list: invoiceTitleType.options }),

  query_invoice_detail: (ctx) => {
    const order = orderOf(ctx.state, userOf(ctx), ctx.input.pathParams.id, ctx.refuse);
    const invoice = latestInvoiceOf(ctx.state, order.id);
    return invoice ? presentInvoice(ctx.state, invoice) : null;
  },

  get_access_control_info: (ctx) => {
    const child = contactOf(ctx.state, userOf(ctx), ctx.input.pathParams.id, ctx.refuse);
    const pickers = ctx.state.db.pickers.findMany((q) => q.where({ contact_id: child.id })).sort((a, b) => a.id - b.id);
    return { list: pickers.map(presentPicker), limit: PICKER_LIMIT };
  },

  creat_access_control_info: async (ctx) => {
    const { state } = ctx;
    const user = userOf(ctx);
    const body = ctx.input.body;
    const child = contactOf(state, user, body.contact_id, ctx.refuse);
    const pickers = state.db.pickers.findMany((q) => q.where({ contact_id: child.id }));
    if (pickers.some((p) => p.phone === body.phone)) {
      // No catalogue code fits a duplicate pick-up person yet; see the after-sale report.
      throw ctx.refuse('pickerDuplicate', `手机号${maskPhone(body.phone)}已是${child.name}的接送人，请勿重复添加`);
    }
    if (pickers.length >= PICKER_LIMIT) throw ctx.refuse('pickerLimit');
    const id = nextId(state.db.pickers.all());
    await state.db.pickers.create({
      id,
      parent_id: user.id,
      contact_id: child.id,
      name: body.name,
      relation: body.relation,
      phone: body.phone,
      photo_url: body.photo_url,
      status: pickerStatus.values.enabled,
      created_at: state.nowIso(),
    });
    return { id };
  },

  access_control_info_operate: async (ctx) => {
    const { state } = ctx;
    const picker = owned(
      state.db.pickers.findFirst((q) => q.where({ id: ctx.input.pathParams.id })),
      userOf(ctx),
      '接送人',
      ctx.refuse,
    );
    const operate = ctx.input.body.operate;
    if (operate === 'delete') {
      state.db.pickers.delete(picker);
      return null;
    }
    const status = operate === 'enable' ? pickerStatus.values.enabled : pickerStatus.values.disabled;
    await state.db.pickers.update(picker, { data: (p) => void (p.status = status) });
    return null;
  },

  creat_mail_info: async (ctx) => {
    const { state } = ctx;
    const user = userOf(ctx);
    if (state.db.mailInfos.findFirst((q) => q.where({ parent_id: user.id }))) throw ctx.refuse('mailInfoExists');
    const id = nextId(state.db.mailInfos.all());
    await state.db.mailInfos.create({ id, parent_id: user.id, ...ctx.input.body, postcode: ctx.input.body.postcode ?? null });
    return { id };
  },

  update_mail_info: async (ctx) => {
    const { state } = ctx;
    const row = owned(
      state.db.mailInfos.findFirst((q) => q.where({ id: ctx.input.pathParams.id })),
      userOf(ctx),
      '邮寄地址',
      ctx.refuse,
    );
    const body = ctx.input.body;
    await state.db.mailInfos.update(row, {
      data(m) {
        Object.assign(m, body, { postcode: body.postcode ?? null });
      },
    });
    return null;
  },

  get_mail_info: (ctx) => {
    const user = userOf(ctx);
    // Another parent's address is not for this session: 104010 sends the app home.
    if (ctx.input.pathParams.id !== user.id) throw ctx.refuse('forbidden');
    const row = ctx.state.db.mailInfos.findFirst((q) => q.where({ parent_id: user.id }));
    return { mail_info: row ? presentMailInfo(row) : null };
  },
});
