/**
 * Time rules of session/contacts: credentials other than a mainland ID card are checked by a
 * person, which the mock stands for by passing them one day after they were submitted.
 */
import { contactAuditStatus, messageType, realNameStatus } from '#contract/index';
import { DAY, fromIso, toIso } from '#fixtures/time';
import { nextId } from '../core/db.ts';
import type { MockState, TimeRule } from '../core/state.ts';

export const REVIEW_DELAY_MS = DAY;

/**
 * When a contact's current review started. The contacts table has no submission time, so a
 * review (re)started by an edit moves created_at (see contacts handlers); a dedicated field is
 * asked for in the report.
 */
export function contactReviewStartedAt(contact: { created_at: string }): number {
  return fromIso(contact.created_at);
}

async function notify(state: MockState, parentId: number, at: number, title: string, content: string): Promise<void> {
  await state.db.messages.create({
    id: nextId(state.db.messages.all()),
    parent_id: parentId,
    type: messageType.values.system,
    title,
    summary: content,
    content: `<p>${content}</p>`,
    is_see: false,
    record: null,
    created_at: toIso(at),
  });
}

const passRealNameReviews: TimeRule = async (state) => {
  const due = state.db.parents
    .all()
    .filter((p) => p.real_name_status === realNameStatus.values.reviewing && p.real_name_submitted_at !== null && fromIso(p.real_name_submitted_at) + REVIEW_DELAY_MS <= state.now());
  for (const parent of due) {
    await state.db.parents.update(parent, { data: (p) => void (p.real_name_status = realNameStatus.values.passed) });
    await notify(state, parent.id, fromIso(parent.real_name_submitted_at!) + REVIEW_DELAY_MS, '实名认证已通过', '您提交的实名认证信息已审核通过。');
  }
};

const passContactReviews: TimeRule = async (state) => {
  const due = state.db.contacts.all().filter((c) => !c.deleted && c.audit_status === contactAuditStatus.values.reviewing && contactReviewStartedAt(c) + REVIEW_DELAY_MS <= state.now());
  for (const contact of due) {
    await state.db.contacts.update(contact, { data: (c) => void (c.audit_status = contactAuditStatus.values.passed) });
    await notify(state, contact.parent_id, contactReviewStartedAt(contact) + REVIEW_DELAY_MS, '孩子信息审核通过', `${contact.name}的信息已审核通过，现在可以为孩子报名了。`);
  }
};

export const accountTimeRules: TimeRule[] = [passRealNameReviews, passContactReviews];
