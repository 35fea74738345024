/**
 * Every error_code the portal knows, with its meaning and the HTTP status it travels with.
 * The first seven are spec §8; the others are the project's own (marked `assumed`),
 * used by the mock for the business rules of the design brief. How the app reacts to each code is
 * decided in one table of the app (src/lib/api/error-policy.ts), not here.
 */
interface ErrorCodeEntry {
  code: number;
  /** HTTP status the backend answers with this code (200 for business refusals). */
  http: number;
  /** Chinese meaning, also the mock's default msg. */
  message: string;
  meaning: string;
  assumed: boolean;
}

function entry(code: number, http: number, message: string, meaning: string, assumed = true): ErrorCodeEntry {
  return { code, http, message, meaning, assumed };
}

export const errorCodes = {
  // Spec §8. Their HTTP statuses and meanings are our reading of the catalogue.
  success: entry(999999, 200, '操作成功', 'Success; shown to nobody.', false),
  accountUnavailable: entry(200216, 403, '账号状态异常，请联系客服', 'The account may not use the portal; the app goes home.', false),
  forbidden: entry(104010, 403, '无权访问该内容', 'The resource belongs to someone else; the app goes home.', false),
  silentHome: entry(89994, 403, '页面已失效', 'The page no longer applies (e.g. a stale link); the app goes home silently.', false),
  tokenExpired: entry(99993, 401, '登录凭证已过期，已为您续期', 'The access token expired; the error data carries a fresh access_token and the app retries once.', false),
  notSignedIn: entry(99995, 401, '请先登录', 'No valid session; the app clears credentials and goes to the account login.', false),
  sessionReplaced: entry(99994, 401, '登录状态已失效，请重新登录', 'The client_id is unknown or was logged out; the app clears credentials and goes to the account login.', false),

  // The project's own codes for bad input and the mock's rules.
  invalidRequest: entry(400001, 400, '请求参数有误', 'The request breaks the contract; msg names the field.'),
  unknownCall: entry(404000, 404, '接口不存在', 'No operation at this path and method.'),
  notFound: entry(404001, 404, '内容不存在或已删除', 'The id names nothing the parent can see.'),
  serverError: entry(500000, 500, '服务器开小差了，请稍后再试', 'An unexpected failure.'),
  ticketInvalid: entry(100101, 400, '登录票据无效或已使用', 'st_validate got an unknown, used or expired ticket.'),
  signUpNotOpen: entry(300101, 200, '报名尚未开始', 'The sign-up window has not opened.'),
  signUpClosed: entry(300102, 200, '报名已结束', 'The sign-up window has closed.'),
  classFull: entry(300103, 200, '名额已满', 'No seats left.'),
  ageNotFit: entry(300104, 200, '孩子年龄不符合该班级要求', 'The child is outside the class age range.'),
  timeConflict: entry(300105, 200, '与孩子已报名的课程时间冲突', 'A session overlaps one of the child’s classes.'),
  alreadySignedUp: entry(300106, 200, '该孩子已报名此班级', 'The child already has a live sign-up for the class.'),
  contactNotPassed: entry(300107, 200, '孩子信息尚未审核通过', 'Only passed contacts may be signed up.'),
  cancelLimit: entry(300109, 200, '取消报名次数已达上限', 'Too many cancelled sign-ups for this class.'),
  signUpNotCancellable: entry(300111, 200, '当前报名状态不能取消', 'cancel_sign_up on a cancelled, refused or paid sign-up.'),
  signUpNotOrderable: entry(300110, 200, '当前报名状态不能下单', 'place_order on a pending, refused or already ordered sign-up.'),
  orderNotPayable: entry(300201, 200, '订单已关闭或已取消，无法支付', 'The order is not unpaid any more.'),
  orderAlreadyPaid: entry(300202, 200, '订单已支付，请勿重复支付', 'A second payment of a paid order.'),
  orderNotCancellable: entry(300203, 200, '当前订单状态不能取消', 'Only unpaid orders may be cancelled.'),
  tradeNotFound: entry(300205, 200, '支付流水不存在', 'The parent’s trade pays another order or fee (a trade of nobody’s, or of another family, is notFound).'),
  refundNotAllowed: entry(300301, 200, '当前订单不能申请退费', 'Not paid, or a refund is already running.'),
  refundNothingLeft: entry(300302, 200, '没有可退的金额', 'Every session has been held or everything was refunded.'),
  invoiceExists: entry(300401, 200, '该订单已申请过发票', 'One invoice per order.'),
  invoiceWindowPassed: entry(300402, 200, '已超过开票期限（支付后90天内）', 'More than 90 days after payment.'),
  invoiceNotAllowed: entry(300403, 200, '未支付或已全额退费的订单不能开票', 'Only paid orders get invoices.'),
  idNumberInvalid: entry(300501, 200, '身份证号码有误，请核对', 'Wrong length, birth date or GB 11643 check digit.'),
  contactInUse: entry(300502, 200, '该孩子有进行中的报名或订单，不能删除', 'Deleting a contact with live sign-ups.'),
  contactDuplicate: entry(300503, 200, '该证件号码已添加过', 'The same credential twice.'),
  verifyCodeWrong: entry(300601, 200, '验证码错误', 'SMS or mailbox code does not match.'),
  verifyCodeExpired: entry(300602, 200, '验证码已过期，请重新获取', 'The code is older than 5 minutes.'),
  phoneTaken: entry(300603, 200, '该手机号已被其他账号绑定', 'Phone bound elsewhere.'),
  passwordWrong: entry(300604, 200, '原密码错误', 'change_password PUT with a wrong old password.'),
  captchaWrong: entry(300605, 200, '图形验证码错误', 'send_sms with a wrong image code.'),
  sendTooFrequent: entry(300606, 200, '发送太频繁，请60秒后再试', 'A second code within 60 s.'),
  verifyStepMissing: entry(300607, 200, '请先完成原手机号或原邮箱验证', 'Changing phone or mailbox without verifying the old one.'),
  mailboxTaken: entry(300608, 200, '该邮箱已被其他账号绑定', 'Mailbox bound elsewhere.'),
  realNameDone: entry(300609, 200, '已完成实名认证，无需重复提交', 'Real-name auth already passed.'),
  pickerDuplicate: entry(300702, 200, '该手机号已是该孩子的接送人', 'The same phone twice for one child.'),
  pickerLimit: entry(300701, 200, '每个孩子最多添加3位接送人', 'Access-control people per child.'),
  alreadyCollected: entry(300801, 200, '已收藏过该课程', 'Collecting twice.'),
  notBound: entry(300901, 200, '未绑定该第三方账号', 'Unbinding what is not bound.'),
  mailInfoExists: entry(300902, 200, '已有邮寄地址，请直接修改', 'creat_mail_info when the parent already has one (one per parent).'),
} as const satisfies Record<string, ErrorCodeEntry>;

export type ErrorCodeName = keyof typeof errorCodes;
export type KnownErrorCode = (typeof errorCodes)[ErrorCodeName]['code'];

const byCode = new Map<number, ErrorCodeEntry & { name: ErrorCodeName }>((Object.entries(errorCodes) as [ErrorCodeName, ErrorCodeEntry][]).map(([name, e]) => [e.code, { ...e, name }]));

export function describeErrorCode(code: number) {
  return byCode.get(code);
}
