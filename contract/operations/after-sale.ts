/** Spec §7, 'Refunds', 'Invoices' and 'Access control and mailing'. */
import { z } from '../zod.ts';
import { assumedObject, defineOperations, proposed, requiredWhen } from '../core.ts';
import { guardianRelation, invoiceKind, invoiceTitleType, pickerStatus, refundStatus } from '../enums.ts';
import { PICKER_NAME_MAX } from '../limits.ts';
import { choicesOf, dateTime, fileUrl, id, mailbox, money, nothing, pageOf, pageQuery, phone } from '../schemas/common.ts';
import { invoiceSchema, mailInfoSchema, refundPreviewSchema, refundRecordSchema, refundSchema } from '../schemas/orders.ts';

const idParam = z.object({ id });
const orderIdParam = z.object({ id: id.meta({ description: 'order id' }) });
const refundIdParam = z.object({ id: id.meta({ description: 'refund id' }) });

const refundApplication = assumedObject({
  reason: z.string().trim().min(2, '请填写退费原因').max(200, '退费原因最多200字'),
});
const refundApplied = assumedObject({ refund_id: id, amount: money });

/** Tax numbers: 统一社会信用代码 (18) or the older 15/20-character ones. */
const taxNumber = z
  .string()
  .trim()
  .regex(/^[0-9A-Z]{15}$|^[0-9A-Z]{18}$|^[0-9A-Z]{20}$/, '请输入正确的纳税人识别号（15、18或20位数字或大写字母）')
  .max(20);

export const invoiceApplicationSchema = requiredWhen(
  assumedObject({
    order_id: id,
    title_type: invoiceTitleType.schema,
    title: z.string().trim().min(2, '请输入发票抬头').max(100),
    tax_number: taxNumber.optional(),
    invoice_kind: invoiceKind.schema,
    email: mailbox.optional(),
    use_bound_mailbox: proposed(z.boolean().optional(), {
      decision: 'docs/decisions/034-invoice-to-the-bound-mailbox.md',
      description: 'an electronic invoice to the mailbox the parent bound (user_info shows it only masked): email is then left out (decision 034)',
      saves: 'typing the bound mailbox again: personal_data shows it only masked, so without the field a parent types the whole address for every e-invoice',
    }),
    mail_info_id: id.optional(),
    remark: z.string().trim().max(100).optional(),
  }),
  [
    { field: 'tax_number', when: { field: 'title_type', is: invoiceTitleType.values.company, label: invoiceTitleType.label(invoiceTitleType.values.company) }, message: '单位抬头需填写纳税人识别号' },
    {
      field: 'email',
      when: { field: 'invoice_kind', is: invoiceKind.values.electronic, label: invoiceKind.label(invoiceKind.values.electronic) },
      unless: 'use_bound_mailbox',
      message: '电子发票需填写接收邮箱',
    },
    { field: 'mail_info_id', when: { field: 'invoice_kind', is: invoiceKind.values.paper, label: invoiceKind.label(invoiceKind.values.paper) }, message: '纸质发票需选择邮寄地址' },
  ],
).superRefine((v, ctx) => {
  if (v.use_bound_mailbox && v.email) {
    ctx.addIssue({ code: 'custom', path: ['email'], message: '使用绑定邮箱时不填写接收邮箱' });
  }
});

export const pickerSchema = assumedObject({
  id,
  contact_id: id,
  name: z.string(),
  relation: guardianRelation.schema,
  phone: z.string().meta({ description: 'masked' }),
  photo_url: fileUrl,
  status: pickerStatus.schema,
  created_at: dateTime,
});

export const mailInfoInputSchema = assumedObject({
  receiver: z.string().trim().min(2, '请输入收件人姓名').max(20),
  phone,
  province: z.string().trim().min(2, '请选择省份').max(20),
  city: z.string().trim().min(2, '请选择城市').max(20),
  district: z.string().trim().min(2, '请选择区县').max(20),
  address: z.string().trim().min(5, '请输入详细地址（至少5个字）').max(100),
  postcode: z
    .string()
    .regex(/^\d{6}$/, '邮政编码为6位数字')
    .max(6)
    .nullable()
    .optional(),
});

export const refundOperations = defineOperations('refunds', () => ({
  refund_detail: {
    method: 'GET',
    auth: true,
    summary: 'One refund and its status.',
    pathParams: refundIdParam,
    response: refundSchema,
    errors: ['notFound'],
  },
  apply_refund: {
    method: 'POST',
    auth: true,
    summary: 'Applies for the refund that preview_refund_fee shows (class orders).',
    pathParams: orderIdParam,
    body: refundApplication,
    response: refundApplied,
    errors: ['refundNotAllowed', 'refundNothingLeft', 'notFound'],
  },
  preview_refund_fee: {
    method: 'GET',
    auth: true,
    client: 'fresh',
    summary: 'What a refund of the order would return now: all before the first session, else the sessions not yet held.',
    pathParams: orderIdParam,
    response: refundPreviewSchema,
    errors: ['refundNotAllowed', 'refundNothingLeft', 'notFound'],
  },
  refund_remain_query: {
    method: 'GET',
    auth: true,
    client: 'fresh',
    summary: 'How much of the order is paid, refunded and still refundable.',
    pathParams: orderIdParam,
    response: assumedObject({ paid_amount: money, refunded_amount: money, remain_amount: money }),
    errors: ['notFound'],
  },
  activity_preview_refund_fee: {
    method: 'GET',
    auth: true,
    client: 'fresh',
    summary: 'Refund preview of an activity order: all before it starts, nothing after.',
    pathParams: orderIdParam,
    response: refundPreviewSchema,
    errors: ['refundNotAllowed', 'refundNothingLeft', 'notFound'],
  },
  activity_refund_detail: {
    method: 'GET',
    auth: true,
    summary: 'One refund of an activity order.',
    pathParams: refundIdParam,
    response: refundSchema,
    errors: ['notFound'],
  },
  my_refund_list: {
    method: 'GET',
    auth: true,
    summary: 'The parent’s refunds of every order, newest first, each with what the records page shows of its order. The project’s own call: spec §7 has none.',
    extension: 'docs/decisions/033-refund-and-fee-reads.md',
    saves:
      'the records page’s order_list of every order paid at some point (100 a page) and one order_detail per order, each the whole order, to find its refunds: 1 call a page instead of 1 + n, paged by the server',
    query: assumedObject({ status: refundStatus.schema.optional(), ...pageQuery }),
    response: pageOf(refundRecordSchema),
    errors: [],
  },
  withdraw_refund: {
    method: 'POST',
    auth: true,
    summary: 'Withdraws (撤回) a refund application still 申请中; the order stands as before. The project’s own call: spec §7 has none.',
    extension: 'docs/decisions/019-money-in-fen-and-the-books.md',
    saves: 'a parent’s call or visit to the center to withdraw an application the center has not yet accepted: §7 has no way back, so the portal offers none without it',
    pathParams: refundIdParam,
    response: nothing,
    errors: ['refundNotAllowed', 'notFound'],
  },
  activity_apply_refund: {
    method: 'POST',
    auth: true,
    summary: 'Applies for the refund of an activity order.',
    pathParams: orderIdParam,
    body: refundApplication,
    response: refundApplied,
    errors: ['refundNotAllowed', 'refundNothingLeft', 'notFound'],
  },
}));

export const invoiceOperations = defineOperations('invoices', () => ({
  invoice_application: {
    method: 'POST',
    auth: true,
    summary: 'Requests the invoice of a paid order (one per order, within 90 days of payment); an electronic one to an email, or to the bound mailbox.',
    body: invoiceApplicationSchema,
    response: assumedObject({ invoice_id: id }),
    errors: ['invoiceExists', 'invoiceWindowPassed', 'invoiceNotAllowed', 'notBound', 'notFound'],
  },
  invoice_title_enum_type_choose: {
    method: 'GET',
    auth: false,
    summary: 'Invoice title types (personal, company).',
    response: choicesOf(invoiceTitleType.schema),
    errors: [],
  },
  query_invoice_detail: {
    method: 'GET',
    auth: true,
    summary: 'The invoice of an order, or null when none was requested.',
    pathParams: orderIdParam,
    response: invoiceSchema.nullable(),
    errors: ['notFound'],
  },
}));

export const accessOperations = defineOperations('access', () => ({
  get_access_control_info: {
    method: 'GET',
    auth: true,
    summary: 'The adults allowed to pick up the child {id}.',
    pathParams: z.object({ id: id.meta({ description: 'contact (child) id' }) }),
    response: assumedObject({ list: z.array(pickerSchema), limit: z.number().int().positive() }),
    errors: ['notFound'],
  },
  creat_access_control_info: {
    method: 'POST',
    auth: true,
    summary: 'Adds a pick-up person for a child.',
    body: assumedObject({
      contact_id: id,
      name: z.string().trim().min(2, '请输入接送人姓名').max(PICKER_NAME_MAX),
      relation: guardianRelation.schema,
      phone,
      photo_url: fileUrl.min(1, '请上传接送人正面照片'),
    }),
    response: assumedObject({ id }),
    errors: ['pickerLimit', 'pickerDuplicate', 'notFound'],
  },
  access_control_info_operate: {
    method: 'PUT',
    auth: true,
    summary: 'Enables, disables or removes a pick-up person.',
    pathParams: idParam,
    body: assumedObject({ operate: z.enum(['enable', 'disable', 'delete']) }),
    response: nothing,
    errors: ['notFound'],
  },
  creat_mail_info: {
    method: 'POST',
    auth: true,
    summary: 'Saves the parent’s mailing address (one per parent).',
    body: mailInfoInputSchema,
    response: assumedObject({ id }),
    errors: ['mailInfoExists'],
  },
  update_mail_info: {
    method: 'PUT',
    auth: true,
    summary: 'Changes the mailing address.',
    pathParams: idParam,
    body: mailInfoInputSchema,
    response: nothing,
    errors: ['notFound'],
  },
  get_mail_info: {
    method: 'GET',
    auth: true,
    summary: 'The mailing address of the parent {id} (the user_id of st_validate), or null.',
    pathParams: z.object({ id: id.meta({ description: 'user id' }) }),
    response: assumedObject({ mail_info: mailInfoSchema.nullable() }),
    errors: [],
  },
}));
