/** Building blocks shared by the schemas of every domain. */
import { z } from '../zod.ts';
import { assumed, unpromised } from '../core.ts';
import { isLink, linkKinds, type LinkKind } from '../links.ts';

/** Database ids are positive integers. */
export const id = z.number().int().positive();

/** Money: yuan on the wire, integer fen once parsed (contract/money.ts). */
export { money } from '../money.ts';

/** ISO 8601 with the +08:00 offset, e.g. 2026-09-01T10:00:00+08:00 (the project's choice). */
export const dateTime = z.iso.datetime({ offset: true }).meta({ description: 'ISO 8601 date-time, Beijing time' });
export const date = z.iso.date().max(10);
/** HH:mm */
export const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, '时间格式应为 HH:mm');

/**
 * An address of one of the link kinds (contract/links.ts; decision 046), or '' for none: what the
 * app reads a refused one as. Meta `x-link` names the kind (the docs show it, link-fields.ts walks it).
 */
function address(kind: LinkKind, max: number) {
  return z
    .string()
    .max(max)
    .refine((value) => value === '' || isLink(value, kind), { message: linkKinds[kind].message })
    .meta({ 'x-link': kind });
}

/** A stored file: relative to oss_base_url, a path of the portal, or an absolute http(s) URL. */
export const fileUrl = address('file', 500);
/** A link to open: an http(s) URL or a path of the portal. */
export const linkUrl = address('link', 2000);
/** A link a phone opens from a QR code: an absolute http(s) URL. */
export const absoluteUrl = address('absolute', 2000);
/** The payment link drawn as a QR code: http(s), or WeChat Pay's weixin://wxpay/bizpayurl?pr=…. */
export const payUrl = address('pay', 2000);
/** A websocket: ws(s) URL or a path of the portal (over wss when the page is https). */
export const socketUrl = address('socket', 2000);
/** An inline image (the captcha): a data:image URL, shown only by <img>. */
export const imageDataUrl = address('image', 100_000);

/** Mainland mobile number. */
export const phone = z
  .string()
  .regex(/^1[3-9]\d{9}$/, '请输入正确的11位手机号')
  .max(11);
/** A phone as shown to others, e.g. 138****0000. */
export const maskedPhone = z.string();
export const mailbox = z.email('请输入正确的邮箱地址').max(100);
/** SMS and mailbox codes are six digits. */
export const verifyCode = z
  .string()
  .regex(/^\d{6}$/, '请输入6位数字验证码')
  .max(6);

export const pageQuery = {
  page: assumed(z.number().int().positive().optional(), 'page number, from 1'),
  page_size: assumed(z.number().int().positive().max(100).optional(), 'rows per page, default 10'),
};

/**
 * A paginated list (the spec: contacts are read from data.list). Without `total` a list pages on
 * without its count: the next page is offered while a page comes back full (decision 073).
 */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: unpromised(z.number().int().nonnegative(), 'rows in all; without it the page offers the next page while a page comes back full'),
    page: unpromised(z.number().int().positive()),
    page_size: unpromised(z.number().int().positive()),
  });
}

/** A whole list without pagination. */
export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item) });
}

/** Answers of the *_enum_choose and *_type calls: values with Chinese labels. */
export function choicesOf<T extends z.ZodType>(value: T) {
  return listOf(z.object({ value, label: z.string() }));
}

/** A call that answers nothing but its envelope. */
export const nothing = z.null();
