/**
 * The account forms' checks, all asking the contract's own schemas (so a parent reads a rule
 * before sending, in the contract's Chinese), plus the few checks a form needs beyond them.
 */
import { operations, phone as phoneSchema, mailbox as mailboxSchema, verifyCode } from '#contract/index';
import { checkText, firstIssue } from '../../lib/forms/issue-messages.ts';

export const checkPhone = (value: string) => checkText(phoneSchema, value, '请输入手机号');
export const checkCode = (value: string) => checkText(verifyCode, value, '请输入验证码');
export const checkMailbox = (value: string) => checkText(mailboxSchema, value, '请输入邮箱地址');
export const checkCaptcha = (value: string) => checkText(operations.send_sms_post.body.shape.captcha_code, value, '请输入图形验证码');

/** The contract's password rule (change_password PUT and POST share it). */
const passwordSchema = operations.change_password_put.body.shape.new_password;
export const PASSWORD_MIN = passwordSchema.minLength ?? 8;
export const PASSWORD_MAX = passwordSchema.maxLength ?? 20;

export interface PasswordRuleState {
  length: boolean;
  mix: boolean;
}

/** Which parts of the rule a password meets, as the contract's schema judges it. */
export function passwordRuleState(value: string): PasswordRuleState {
  const result = passwordSchema.safeParse(value);
  const codes = result.success ? [] : result.error.issues.map((i) => i.code);
  return { length: !codes.includes('too_small') && !codes.includes('too_big'), mix: !codes.includes('invalid_format') };
}

export function checkPassword(value: string): string | null {
  return value === '' ? '请输入新密码' : firstIssue(passwordSchema, value);
}

export function checkConfirm(password: string, confirm: string): string | null {
  if (confirm === '') return '请再次输入新密码';
  return confirm === password ? null : '两次输入的密码不一致';
}

/**
 * Whether a full phone fits a masked one (138****0000): same length, and every digit that is
 * shown matches. The contract sends only the masked phone, so this is all a page can check.
 */
export function fitsMaskedPhone(full: string, masked: string): boolean {
  const value = full.trim();
  return value.length === masked.length && [...masked].every((c, i) => c === '*' || c === value[i]);
}
