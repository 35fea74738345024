/**
 * Image codes (captchas), SMS and mailbox codes, and the verify tokens that prove an old phone or
 * mailbox was checked. Everything is derived from counters, targets and the mock clock, never from
 * Math.random: the same scenario and steps give the same codes, and QA reads them from the state
 * (tables captchas, codes, verifyTokens).
 */
import { fromIso, MINUTE, toIso } from '#fixtures/time';
import type { Row } from '../core/db.ts';
import type { Refuse } from '../core/refusal.ts';
import type { MockState } from '../core/state.ts';

export const CAPTCHA_TTL_MS = 5 * MINUTE;
export const CODE_TTL_MS = 5 * MINUTE;
export const RESEND_AFTER_MS = MINUTE;
export const VERIFY_TOKEN_TTL_MS = 10 * MINUTE;

/** What a code was sent for (codes.purpose); a code only works for the step it was sent for. */
export const codePurpose = {
  bindPhone: 'sms:bindPhone',
  changePhone: 'sms:changePhone',
  setPassword: 'sms:setPassword',
  verifyOldPhone: 'sms:verifyOldPhone',
  bindMailbox: 'mail:bind',
  changeMailbox: 'mail:change',
  verifyOldMailbox: 'mail:verifyOld',
} as const;
export type CodePurpose = (typeof codePurpose)[keyof typeof codePurpose];

/** What a verify token proves (verifyTokens.purpose). */
export const verifyPurpose = {
  oldPhone: 'verifyOldPhone',
  oldMailbox: 'verifyOldMailbox',
} as const;
export type VerifyPurpose = (typeof verifyPurpose)[keyof typeof verifyPurpose];

/** FNV-1a: a stable 32-bit number from text, so codes look random yet replay exactly. */
export function digest(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

// No 0/O, 1/I/L: a parent must be able to read the image.
const CAPTCHA_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** The SVG a parent reads the image code from (drawn, not hidden: it is a mock). */
export function captchaSvg(code: string): string {
  const seed = digest(code);
  const noise = [0, 1, 2].map((i) => {
    const y1 = 6 + ((seed >>> (i * 5)) % 28);
    const y2 = 6 + ((seed >>> (i * 5 + 3)) % 28);
    return `<line x1="4" y1="${y1}" x2="116" y2="${y2}" stroke="#a5d6a7" stroke-width="1.5"/>`;
  });
  const letters = [...code].map((char, i) => {
    const angle = ((char.charCodeAt(0) * 7 + i * 13) % 31) - 15;
    const x = 14 + i * 26;
    return `<text x="${x}" y="29" transform="rotate(${angle} ${x + 8} 20)">${char}</text>`;
  });
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40">',
    '<rect width="120" height="40" rx="4" fill="#f1f8f1"/>',
    ...noise,
    '<g font-family="Menlo, Consolas, monospace" font-size="24" font-weight="bold" fill="#2e7d32">',
    ...letters,
    '</g></svg>',
  ].join('');
}

export async function issueCaptcha(state: MockState): Promise<Row<'captchas'>> {
  const n = state.db.captchas.count() + 1;
  const key = `CAP-${n}-${state.now().toString(36)}`;
  const hash = digest(key);
  const code = [0, 1, 2, 3].map((i) => CAPTCHA_ALPHABET[(hash >>> (i * 7)) % CAPTCHA_ALPHABET.length]).join('');
  return state.db.captchas.create({ key, code, expires_at: toIso(state.now() + CAPTCHA_TTL_MS), used: false });
}

export function captchaDataUrl(code: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(captchaSvg(code))}`;
}

/** Checks an image code (letters in any case) and uses it up; a wrong guess leaves it usable. */
export async function redeemCaptcha(state: MockState, key: string, code: string, refuse: Refuse<'captchaWrong'>): Promise<void> {
  const row = state.db.captchas.findFirst((q) => q.where({ key }));
  if (!row || row.used || fromIso(row.expires_at) <= state.now()) {
    throw refuse('captchaWrong', '图形验证码已失效，请点击图片刷新');
  }
  if (row.code !== code.trim().toUpperCase()) throw refuse('captchaWrong');
  await state.db.captchas.update(row, { data: (c) => void (c.used = true) });
}

/** Targets are compared as people type them: mailboxes in any case, no stray spaces. */
export function normaliseTarget(target: string): string {
  return target.trim().toLowerCase();
}

/** One code per phone or mailbox per minute, whoever asked and for whatever step. */
export function checkResendAllowed(state: MockState, target: string, refuse: Refuse<'sendTooFrequent'>): void {
  const key = normaliseTarget(target);
  const last = state.db.codes.findMany((q) => q.where({ target: key })).reduce((latest, row) => Math.max(latest, fromIso(row.sent_at)), -Infinity);
  const wait = last + RESEND_AFTER_MS - state.now();
  if (wait > 0) throw refuse('sendTooFrequent', `发送太频繁，请${Math.ceil(wait / 1000)}秒后再试`);
}

export interface CodeSent {
  expires_in: number;
  resend_after: number;
}

/** Sends (stores) a 6-digit code; callers check everything else first. */
export async function sendCode(state: MockState, userId: number, target: string, purpose: CodePurpose, refuse: Refuse<'sendTooFrequent'>): Promise<CodeSent> {
  checkResendAllowed(state, target, refuse);
  const key = normaliseTarget(target);
  const n = state.db.codes.count() + 1;
  const code = String(digest(`${key}|${purpose}|${n}|${state.now()}`) % 1_000_000).padStart(6, '0');
  await state.db.codes.create({
    user_id: userId,
    target: key,
    purpose,
    code,
    sent_at: state.nowIso(),
    expires_at: toIso(state.now() + CODE_TTL_MS),
    used: false,
  });
  return { expires_in: CODE_TTL_MS / 1000, resend_after: RESEND_AFTER_MS / 1000 };
}

/** Checks the newest code sent to the parent for that target and step, and uses it up. */
export async function redeemCode(state: MockState, userId: number, target: string, purpose: CodePurpose, code: string, refuse: Refuse<'verifyCodeWrong' | 'verifyCodeExpired'>): Promise<void> {
  const key = normaliseTarget(target);
  const sent = state.db.codes.findMany((q) => q.where({ user_id: userId, target: key, purpose, used: false }));
  const latest = sent.reduce<(typeof sent)[number] | undefined>((a, b) => (!a || fromIso(b.sent_at) >= fromIso(a.sent_at) ? b : a), undefined);
  if (!latest) throw refuse('verifyCodeWrong', '请先获取验证码');
  if (fromIso(latest.expires_at) <= state.now()) throw refuse('verifyCodeExpired');
  if (latest.code !== code) throw refuse('verifyCodeWrong');
  await state.db.codes.update(latest, { data: (c) => void (c.used = true) });
}

export async function issueVerifyToken(state: MockState, userId: number, purpose: VerifyPurpose): Promise<string> {
  const token = `VT-${userId}-${state.db.verifyTokens.count() + 1}-${state.now().toString(36)}`;
  await state.db.verifyTokens.create({ token, user_id: userId, purpose, expires_at: toIso(state.now() + VERIFY_TOKEN_TTL_MS), used: false });
  return token;
}

const stepName: Record<VerifyPurpose, string> = { verifyOldPhone: '原手机号', verifyOldMailbox: '原邮箱' };

/** Uses up a verify token of this parent for this step, or refuses: the old phone/mailbox step is missing. */
export async function redeemVerifyToken(state: MockState, userId: number, token: string, purpose: VerifyPurpose, refuse: Refuse<'verifyStepMissing'>): Promise<void> {
  const row = state.db.verifyTokens.findFirst((q) => q.where({ token, user_id: userId, purpose }));
  if (!row) throw refuse('verifyStepMissing', `请先完成${stepName[purpose]}验证`);
  if (row.used || fromIso(row.expires_at) <= state.now()) {
    throw refuse('verifyStepMissing', `${stepName[purpose]}验证已失效，请重新验证`);
  }
  await state.db.verifyTokens.update(row, { data: (t) => void (t.used = true) });
}
