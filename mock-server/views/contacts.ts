/** How contacts (children) and messages are shown: ages on the mock clock's today, numbers masked. */
import { ageOn, maskIdNumber, maskPhone, type Operations, type ResponseOf } from '#contract/index';
import { toDate } from '#fixtures/time';
import type { Row } from '../core/db.ts';

type ContactSummary = ResponseOf<Operations['contact_information']>['list'][number];
type ContactDetail = ResponseOf<Operations['detail_contact_information']>;
type MessageSummary = ResponseOf<Operations['system_message_list']>['list'][number];
type MessageDetail = ResponseOf<Operations['system_message_detail']>;

export function contactSummaryOf(contact: Row<'contacts'>, now: number): ContactSummary {
  return {
    id: contact.id,
    name: contact.name,
    gender: contact.gender,
    birth_date: contact.birth_date,
    age: ageOn(contact.birth_date, toDate(now)),
    credential_type: contact.credential_type,
    id_number: maskIdNumber(contact.id_number),
    audit_status: contact.audit_status,
    avatar: contact.avatar,
  };
}

export function contactDetailOf(contact: Row<'contacts'>, now: number): ContactDetail {
  return {
    ...contactSummaryOf(contact, now),
    grade_type: contact.grade_type,
    school: contact.school,
    guardian_name: contact.guardian_name,
    guardian_relation: contact.guardian_relation,
    guardian_phone: maskPhone(contact.guardian_phone),
    health_notes: contact.health_notes,
    reject_reason: contact.reject_reason,
    created_at: contact.created_at,
  };
}

export function messageSummaryOf(message: Row<'messages'>): MessageSummary {
  return { id: message.id, type: message.type, title: message.title, summary: message.summary, is_see: message.is_see, created_at: message.created_at, record: message.record };
}

export function messageDetailOf(message: Row<'messages'>): MessageDetail {
  return { ...messageSummaryOf(message), content: message.content };
}
