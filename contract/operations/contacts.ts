/** Spec §7, 'Contacts' (the parent's children) and 'Messages'. */
import { z } from '../zod.ts';
import { assumed, assumedObject, defineOperations, unpromised } from '../core.ts';
import { contactAuditStatus, credentialType, gender, guardianRelation, messageRecordKind, messageType } from '../enums.ts';
import { choicesOf, date, dateTime, fileUrl, id, nothing, pageOf, pageQuery, phone } from '../schemas/common.ts';

/**
 * Editing a child sends the whole profile (edit_contact_information): what the detail leaves out the
 * parent types again. The backend team is asked to answer it, so an edit needs only the change.
 */
const CONTACT_FORM_REQUIREMENT =
  'the child’s edit form (/personal/contacts, 编辑) fills in what detail_contact_information answers; without the credential and the guardian’s name, relation and phone the parent types them again for every edit';

/** Spec §3: a contact is a child with id and name; the rest is ours, and may be left out (decision 073). */
export const contactSummarySchema = z.object({
  id,
  name: z.string(),
  gender: unpromised(gender.schema),
  birth_date: unpromised(date),
  age: unpromised(z.number().int().nonnegative(), 'full years on the mock clock’s today'),
  credential_type: unpromised(credentialType.schema),
  id_number: unpromised(z.string(), 'masked, e.g. 110105********0017'),
  audit_status: unpromised(contactAuditStatus.schema, 'without it the list says nothing of the review; the child selector lists what passed=true answers'),
  avatar: unpromised(fileUrl.nullable()),
});

export const contactDetailSchema = contactSummarySchema.extend({
  credential_type: unpromised(credentialType.schema, undefined, CONTACT_FORM_REQUIREMENT),
  id_number: unpromised(z.string(), 'masked, e.g. 110105********0017', CONTACT_FORM_REQUIREMENT),
  grade_type: unpromised(z.number().int().nullable(), 'a value of grade_type_enum_choose'),
  school: unpromised(z.string().nullable()),
  guardian_name: unpromised(z.string(), undefined, CONTACT_FORM_REQUIREMENT),
  guardian_relation: unpromised(guardianRelation.schema, undefined, CONTACT_FORM_REQUIREMENT),
  guardian_phone: unpromised(z.string(), 'masked', CONTACT_FORM_REQUIREMENT),
  health_notes: unpromised(z.string().nullable(), 'allergies or anything teachers should know'),
  reject_reason: unpromised(z.string().nullable()),
  created_at: unpromised(dateTime),
});

/**
 * What a parent types for a child. For a mainland ID card (credential type 1) the backend derives
 * birth date and gender from the number (15 or 18 digits, GB 11643 check digit) and ignores what
 * was sent; for other credentials they are required.
 */
export const contactInputSchema = assumedObject({
  name: z.string().trim().min(2, '请输入孩子姓名（至少2个字）').max(20, '姓名最多20个字'),
  credential_type: credentialType.schema,
  id_number: z.string().trim().min(5, '请输入证件号码').max(30, '证件号码过长'),
  gender: gender.schema.optional(),
  birth_date: date.optional(),
  grade_type: z.number().int().nullable().optional(),
  school: z.string().trim().max(50).nullable().optional(),
  guardian_name: z.string().trim().min(2, '请输入监护人姓名').max(20),
  guardian_relation: guardianRelation.schema,
  guardian_phone: phone,
  health_notes: z.string().trim().max(200, '最多200字').nullable().optional(),
  avatar: fileUrl.nullable().optional(),
});

/**
 * An edit: the stored ID number and guardian phone come masked (detail_contact_information), so
 * either may be left out or sent as shown (masked, with *): unchanged. Assumed (decision 021).
 */
export const contactEditSchema = contactInputSchema.extend({
  id_number: assumed(contactInputSchema.shape.id_number.optional(), 'left out, or masked as shown (110105********0017): unchanged'),
  guardian_phone: assumed(
    z
      .string()
      .regex(/^1[3-9]\d{9}$|^1\d{2}\*{4}\d{4}$/, '请输入正确的11位手机号')
      .max(11)
      .optional(),
    'left out, or masked as shown (138****0000): unchanged',
  ),
});

const idParam = z.object({ id });

export const messageSummarySchema = assumedObject({
  id,
  type: messageType.schema,
  title: z.string(),
  summary: z.string(),
  is_see: z.boolean(),
  created_at: dateTime,
  record: z
    .object({ kind: messageRecordKind.schema, id, order_id: id.meta({ description: 'the order it belongs to (the invoice page is read by it)' }) })
    .nullable()
    .meta({ description: 'the order, refund, supplementary fee or invoice an order message is about, which the portal links to; null for other notices' }),
});

export const contactOperations = defineOperations('contacts', () => ({
  contact_information: {
    method: 'GET',
    auth: true,
    summary: 'The parent’s children; passed=true keeps only those whose audit passed (the child selector).',
    query: z.object({ passed: z.boolean().optional(), ...pageQuery }),
    response: pageOf(contactSummarySchema),
    errors: [],
  },
  add_contact_information: {
    method: 'POST',
    auth: true,
    summary: 'Adds a child.',
    body: contactInputSchema,
    response: assumedObject({ id }),
    errors: ['idNumberInvalid', 'contactDuplicate'],
  },
  delete_contact_information: {
    method: 'DELETE',
    auth: true,
    summary: 'Deletes a child with no live sign-ups.',
    pathParams: idParam,
    response: nothing,
    errors: ['contactInUse', 'notFound'],
  },
  edit_contact_information: {
    method: 'PUT',
    auth: true,
    summary: 'Edits a child; a changed credential sends it back to review. The ID number and guardian phone may be left out or sent masked: unchanged.',
    pathParams: idParam,
    body: contactEditSchema,
    response: nothing,
    errors: ['idNumberInvalid', 'contactDuplicate', 'notFound'],
  },
  detail_contact_information: {
    method: 'GET',
    auth: true,
    summary: 'One child in full (the spec calls it contact_info_detail).',
    pathParams: idParam,
    response: contactDetailSchema,
    errors: ['notFound'],
  },
  grade_type_enum_choose: {
    method: 'GET',
    auth: false,
    summary: 'School grades to choose from (托班 … 初三).',
    response: choicesOf(z.number().int()),
    errors: [],
  },
}));

export const messageOperations = defineOperations('messages', () => ({
  system_message_list: {
    method: 'GET',
    auth: true,
    summary: 'The parent’s messages, newest first.',
    query: z.object({ ...pageQuery }),
    response: pageOf(messageSummarySchema),
    errors: [],
  },
  system_message_detail: {
    method: 'GET',
    auth: true,
    summary: 'One message; reading it marks it read.',
    pathParams: idParam,
    response: assumed(messageSummarySchema.extend({ content: assumed(z.string(), 'rich text (HTML)') })),
    errors: ['notFound'],
  },
  system_message_all_read: {
    method: 'PUT',
    auth: true,
    summary: 'Marks every message read.',
    body: assumedObject({}),
    response: nothing,
    errors: [],
  },
  system_message_is_see_num: {
    method: 'GET',
    auth: true,
    client: 'fresh',
    summary: 'How many messages are unread (the user menu’s badge).',
    response: assumedObject({ num: z.number().int().nonnegative() }),
    errors: [],
  },
}));
