/** How the session-and-account calls show a parent's record: private fields masked. */
import { maskIdNumber, maskPhone, realNameStatus, type ResponseOf, type Operations } from '#contract/index';
import type { Row } from '../core/db.ts';

/** zh****@example.com: the parent recognises it, a screenshot does not leak it. */
export function maskMailbox(value: string): string {
  const at = value.lastIndexOf('@');
  if (at < 1) return value;
  return `${value.slice(0, Math.min(2, at - 1) || 1)}****${value.slice(at)}`;
}

/** 张*, 欧阳** (real_name_auth shows the name so). */
export function maskName(value: string): string {
  return value.length <= 1 ? value : `${value[0]}${'*'.repeat(value.length - 1)}`;
}

export function maskedPhoneOf(parent: Row<'parents'>): string | null {
  return parent.phone ? maskPhone(parent.phone) : null;
}

export function userInfoOf(parent: Row<'parents'>): ResponseOf<Operations['personal_data']>['user_info'] {
  return {
    id: parent.id,
    url: parent.url,
    real_name: parent.real_name,
    phone: maskedPhoneOf(parent),
    username: parent.username,
    mailbox: parent.mailbox ? maskMailbox(parent.mailbox) : null,
    real_name_status: parent.real_name_status,
    has_password: parent.password !== null,
    wechat_bound: parent.wechat !== null,
  };
}

export function realNameRecordOf(parent: Row<'parents'>): ResponseOf<Operations['real_name_authentication_get']> {
  return {
    status: parent.real_name_status,
    real_name: parent.real_name_status === realNameStatus.values.none ? null : parent.real_name,
    credential_type: parent.credential_type,
    id_number: parent.id_number ? maskIdNumber(parent.id_number) : null,
    reject_reason: parent.real_name_reject_reason,
    submitted_at: parent.real_name_submitted_at,
  };
}
