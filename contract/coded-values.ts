/**
 * Coded values with their Chinese labels. Credential types and gender are spec §3;
 * the rest are the design brief's and the project's own (their numeric codes are assumptions).
 *
 * No zod here: a page labels a status or a weekday at start-up without loading the schemas
 * (decision 091). enums.ts builds each one's wire schema from these tables.
 */

/** How a status reads at a glance: red needs the parent's action, green is done (the design brief). */
export type Tone = 'danger' | 'success' | 'warning' | 'muted' | 'info';

interface Entry<V extends number | string> {
  value: V;
  label: string;
  tone?: Tone;
}

/**
 * One coded enum: `values.paid` for code, `label(v)` for people (its `schema` for the wire is enums.ts's).
 * Keys are the code's English name, so code reads `orderStatus.values.unpaid`, never a bare 1.
 */
export function codedValues<const E extends Record<string, Entry<number>> | Record<string, Entry<string>>>(description: string, entries: E) {
  type Value = E[keyof E]['value'];
  const list = (Object.entries(entries) as [keyof E & string, Entry<Value>][]).map(([key, e]) => ({ key, ...e }));
  const byValue = new Map<Value, (typeof list)[number]>(list.map((e) => [e.value, e]));
  return {
    description,
    values: Object.fromEntries(list.map((e) => [e.key, e.value])) as { [K in keyof E]: E[K]['value'] },
    options: list.map(({ value, label }) => ({ value, label })),
    label: (value: Value): string => byValue.get(value)?.label ?? String(value),
    tone: (value: Value): Tone => byValue.get(value)?.tone ?? 'muted',
    entries: list,
  };
}

/** One of an enum's values: `ValueOf<typeof orderStatus>` is 1 | 2 | … | 7. */
export type ValueOf<T extends { entries: readonly { value: unknown }[] }> = T['entries'][number]['value'];

/** Spec §3. */
export const credentialType = codedValues('证件类型 credential type', {
  idCard: { value: 1, label: '身份证（含户口簿、社保卡）' },
  passport: { value: 2, label: '护照' },
  taiwanPermit: { value: 3, label: '台胞证' },
  hkMacauPass: { value: 4, label: '港澳通行证' },
  other: { value: 5, label: '其他' },
});

/** Spec §3. */
export const gender = codedValues('性别 gender', {
  male: { value: 1, label: '男' },
  female: { value: 2, label: '女' },
});

/** The design brief: how a class admits children. */
export const admissionKind = codedValues('招生方式 admission kind', {
  firstCome: { value: 1, label: '先到先得' },
  lottery: { value: 2, label: '摇号' },
  interview: { value: 3, label: '面试' },
  seckill: { value: 4, label: '秒杀' },
});

export const classType = codedValues('班级类型 class type', {
  regular: { value: 1, label: '常规班' },
  shortTerm: { value: 2, label: '短期班' },
  holiday: { value: 3, label: '寒暑假班' },
  activity: { value: 4, label: '活动' },
});

/** Whether a class can be signed up for now, as the mock's clock and seats say. */
export const classSignUpState = codedValues('报名状态 class sign-up state', {
  notStarted: { value: 1, label: '未开始', tone: 'info' },
  open: { value: 2, label: '报名中', tone: 'success' },
  full: { value: 3, label: '已满员', tone: 'muted' },
  ended: { value: 4, label: '已结束', tone: 'muted' },
});

export const weekday = codedValues('上课日 weekday', {
  monday: { value: 1, label: '周一' },
  tuesday: { value: 2, label: '周二' },
  wednesday: { value: 3, label: '周三' },
  thursday: { value: 4, label: '周四' },
  friday: { value: 5, label: '周五' },
  saturday: { value: 6, label: '周六' },
  sunday: { value: 7, label: '周日' },
});

export const timeOfDay = codedValues('上课时段 time of day', {
  morning: { value: 1, label: '上午' },
  afternoon: { value: 2, label: '下午' },
  evening: { value: 3, label: '晚上' },
});

/** The design brief: lottery and interview add a pending stage before payment. */
export const signUpStatus = codedValues('报名记录状态 sign-up status', {
  awaitingOrder: { value: 1, label: '待下单', tone: 'danger' },
  lotteryPending: { value: 2, label: '待摇号', tone: 'warning' },
  interviewPending: { value: 3, label: '待面试', tone: 'warning' },
  admitted: { value: 4, label: '已录取，待下单', tone: 'danger' },
  notAdmitted: { value: 5, label: '未录取', tone: 'muted' },
  ordered: { value: 6, label: '已下单', tone: 'info' },
  enrolled: { value: 7, label: '报名成功', tone: 'success' },
  cancelled: { value: 8, label: '已取消', tone: 'muted' },
  /** The order's refund gave everything back (before the class started): the seat is released. */
  refunded: { value: 9, label: '已退费', tone: 'muted' },
  /** The order's refund gave back the sessions not yet held: the child left the class, the seat is released. */
  withdrawn: { value: 10, label: '已退出', tone: 'muted' },
});

/** The design brief's order lifecycle. */
export const orderStatus = codedValues('订单状态 order status', {
  unpaid: { value: 1, label: '待支付', tone: 'danger' },
  paid: { value: 2, label: '已支付', tone: 'success' },
  cancelled: { value: 3, label: '已取消', tone: 'muted' },
  closed: { value: 4, label: '已关闭', tone: 'muted' },
  refunding: { value: 5, label: '退费中', tone: 'warning' },
  refunded: { value: 6, label: '已退费', tone: 'success' },
  partiallyRefunded: { value: 7, label: '部分退费', tone: 'success' },
});

export const paymentStatus = codedValues('支付状态 payment status', {
  waiting: { value: 1, label: '待支付', tone: 'warning' },
  success: { value: 2, label: '支付成功', tone: 'success' },
  failed: { value: 3, label: '支付失败', tone: 'danger' },
  closed: { value: 4, label: '已关闭', tone: 'muted' },
});

export const payType = codedValues('支付方式 pay type', {
  wechat: { value: 1, label: '微信支付' },
  alipay: { value: 2, label: '支付宝' },
});

export const supplyFeeStatus = codedValues('补缴状态 supplementary fee status', {
  unpaid: { value: 1, label: '待补缴', tone: 'danger' },
  paid: { value: 2, label: '已补缴', tone: 'success' },
  closed: { value: 3, label: '已关闭', tone: 'muted' },
});

export const refundStatus = codedValues('退费状态 refund status', {
  applying: { value: 1, label: '退费申请中', tone: 'warning' },
  processing: { value: 2, label: '退费处理中', tone: 'warning' },
  refunded: { value: 3, label: '已退费', tone: 'success' },
  rejected: { value: 4, label: '退费被驳回', tone: 'danger' },
  /** Withdrawn by the parent while still 申请中 (withdraw_refund). */
  withdrawn: { value: 5, label: '已撤回', tone: 'muted' },
});

export const invoiceStatus = codedValues('发票状态 invoice status', {
  applying: { value: 1, label: '开票中', tone: 'warning' },
  issued: { value: 2, label: '已开票', tone: 'success' },
  mailed: { value: 3, label: '已寄出', tone: 'success' },
  rejected: { value: 4, label: '开票失败', tone: 'danger' },
  /** Reversed by a red-letter invoice (红冲) after a refund or a fee paid later; a reissue (换开) follows when money is kept. */
  reversed: { value: 5, label: '已红冲', tone: 'muted' },
});

export const invoiceTitleType = codedValues('发票抬头类型 invoice title type', {
  personal: { value: 1, label: '个人' },
  company: { value: 2, label: '单位' },
});

export const invoiceKind = codedValues('发票形式 invoice kind', {
  electronic: { value: 1, label: '电子发票' },
  paper: { value: 2, label: '纸质发票（邮寄）' },
});

export const realNameStatus = codedValues('实名认证状态 real-name status', {
  none: { value: 0, label: '未认证', tone: 'danger' },
  reviewing: { value: 1, label: '审核中', tone: 'warning' },
  passed: { value: 2, label: '已认证', tone: 'success' },
  rejected: { value: 3, label: '认证未通过', tone: 'danger' },
});

/** Contacts are checked before they can be signed up (the spec: 'passed contacts'). */
export const contactAuditStatus = codedValues('联系人审核状态 contact audit status', {
  reviewing: { value: 1, label: '审核中', tone: 'warning' },
  passed: { value: 2, label: '已通过', tone: 'success' },
  rejected: { value: 3, label: '未通过', tone: 'danger' },
});

export const guardianRelation = codedValues('与孩子关系 relation to the child', {
  father: { value: 1, label: '父亲' },
  mother: { value: 2, label: '母亲' },
  grandparent: { value: 3, label: '祖父母/外祖父母' },
  other: { value: 4, label: '其他' },
});

export const pickerStatus = codedValues('接送人状态 pick-up person status', {
  enabled: { value: 1, label: '已启用', tone: 'success' },
  disabled: { value: 2, label: '已停用', tone: 'muted' },
});

export const smsScene = codedValues('短信验证码用途 SMS code scene', {
  bindPhone: { value: 1, label: '绑定手机号' },
  changePhone: { value: 2, label: '更换手机号' },
  setPassword: { value: 3, label: '设置密码' },
});

export const mailboxScene = codedValues('邮箱验证码用途 mailbox code scene', {
  bind: { value: 1, label: '绑定邮箱' },
  change: { value: 2, label: '更换邮箱' },
});

export const messageType = codedValues('消息类型 message type', {
  system: { value: 1, label: '系统通知' },
  order: { value: 2, label: '订单消息' },
  admission: { value: 3, label: '录取通知' },
});

/** What an order message is about (order news, issue 26): the portal links the message to it. */
export const messageRecordKind = codedValues('消息关联记录 record of an order message', {
  order: { value: 1, label: '订单' },
  refund: { value: 2, label: '退费' },
  supplyFee: { value: 3, label: '补缴' },
  invoice: { value: 4, label: '发票' },
});

export const collectionType = codedValues('收藏类型 collection type', {
  classes: { value: 1, label: '课程' },
  activities: { value: 2, label: '活动' },
});

export const thirdPartyKind = codedValues('第三方账号 third-party account', {
  wechat: { value: 1, label: '微信' },
});
