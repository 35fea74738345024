/**
 * A child's form, checked with the contract's contactInputSchema (its Chinese messages), plus
 * what the schema leaves to the credential: an ID card must read (birth date and gender come
 * from it), any other credential needs a birth date (not in the future) and a gender; either way
 * the child is under 18 (childAgeProblem, decision 058), as the backend checks it. The schemas
 * load when the form is first touched, not with the page (decision 091).
 */
import type { z } from 'zod';
import { ageOn } from '#contract/id-number';
import { childAgeProblem } from '#contract/child-age';
import type { contactEditSchema } from '#contract/index';
import { credentialType } from '#contract/coded-values';
import { readIdFinal } from '../../lib/id-reading.ts';
import { issueMap } from '../../lib/forms/issue-messages.ts';
import { compact, type Checked } from '../../lib/forms/field-errors.ts';
import { loadContract } from '../../lib/api/client.ts';

/** An added child's body; an edit's may leave out the ID number and guardian phone (unchanged). */
export type ContactBody = z.input<typeof contactEditSchema>;

/** The form's fields and labels; also how a refusal names a field (出生日期：…). */
export const fieldLabels = {
  name: '孩子姓名',
  credential_type: '证件类型',
  id_number: '证件号码',
  gender: '性别',
  birth_date: '出生日期',
  grade_type: '年级',
  school: '学校',
  guardian_name: '监护人姓名',
  guardian_relation: '与孩子关系',
  guardian_phone: '监护人手机号',
  health_notes: '健康情况',
};
export type FieldName = keyof typeof fieldLabels;

export interface ContactDraft {
  name: string;
  credential_type: number;
  id_number: string;
  gender: number | null;
  birth_date: string;
  grade_type: number | null;
  school: string;
  guardian_name: string;
  guardian_relation: number | null;
  guardian_phone: string;
  health_notes: string;
}

export const emptyDraft = (guardianName = ''): ContactDraft => ({
  name: '',
  credential_type: credentialType.values.idCard,
  id_number: '',
  gender: null,
  birth_date: '',
  grade_type: null,
  school: '',
  guardian_name: guardianName,
  guardian_relation: null,
  guardian_phone: '',
  health_notes: '',
});

export const isIdCard = (draft: Pick<ContactDraft, 'credential_type'>) => draft.credential_type === credentialType.values.idCard;

/** Age in full years for a typed birth date, or null while it is not a past date. */
export function ageOfBirthDate(birthDate: string, today: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(birthDate) || birthDate > today) return null;
  return ageOn(birthDate, today);
}

const optional = (value: string) => (value.trim() === '' ? null : value.trim());

/**
 * Which stored numbers an edit may leave empty (unchanged): those the child's detail showed,
 * masked. A detail without them (a backend answering as the seed shows, decision 073) has the
 * parent type them again.
 */
export interface Keepable {
  idNumber: boolean;
  guardianPhone: boolean;
}

/**
 * The body to send. For an ID card the birth date and gender are the number's (the backend
 * derives them too); `avatar` keeps a child's photo through an edit, which would otherwise clear it.
 */
export function toBody(draft: ContactDraft, today: string, avatar: string | null = null, editing = false, keepable: Keepable = { idNumber: editing, guardianPhone: editing }): Record<string, unknown> {
  // Editing, a number left empty is the stored one, unchanged (the backend keeps it): not sent.
  const keepId = keepable.idNumber && draft.id_number.trim() === '';
  const keepPhone = keepable.guardianPhone && draft.guardian_phone.trim() === '';
  const reading = isIdCard(draft) && !keepId ? readIdFinal(draft.id_number, today) : null;
  return {
    name: draft.name.trim(),
    credential_type: draft.credential_type,
    ...(keepId ? {} : { id_number: draft.id_number.trim().toUpperCase() }),
    gender: reading ? (reading.ok ? reading.gender : undefined) : (draft.gender ?? undefined),
    birth_date: reading ? (reading.ok ? reading.birthDate : undefined) : draft.birth_date || undefined,
    grade_type: draft.grade_type,
    school: optional(draft.school),
    guardian_name: draft.guardian_name.trim(),
    guardian_relation: draft.guardian_relation ?? undefined,
    ...(keepPhone ? {} : { guardian_phone: draft.guardian_phone.trim() }),
    health_notes: optional(draft.health_notes),
    avatar,
  };
}

export async function validate(
  draft: ContactDraft,
  today: string,
  avatar: string | null = null,
  editing = false,
  keepable: Keepable = { idNumber: editing, guardianPhone: editing },
): Promise<Checked<ContactBody, FieldName>> {
  const { contactEditSchema, contactInputSchema } = await loadContract();
  const errors: Partial<Record<FieldName, string | null>> = {};
  const keepId = keepable.idNumber && draft.id_number.trim() === '';
  if (isIdCard(draft) && !keepId) {
    const reading = readIdFinal(draft.id_number, today);
    if (!reading.ok) errors.id_number = reading.message;
    else errors.id_number = childAgeProblem(reading.birthDate, today, 'id_number');
  } else {
    if (draft.birth_date === '') errors.birth_date = '请选择孩子的出生日期';
    else if (draft.birth_date > today) errors.birth_date = '出生日期不能晚于今天';
    else errors.birth_date = childAgeProblem(draft.birth_date, today, 'birth_date');
    if (draft.gender === null) errors.gender = '请选择孩子的性别';
  }
  if (draft.guardian_phone.trim() === '' && !keepable.guardianPhone) errors.guardian_phone = '请输入监护人手机号';
  const schema = editing ? contactEditSchema : contactInputSchema;
  const result = schema.safeParse(toBody(draft, today, avatar, editing, keepable), { error: issueMap(fieldLabels) });
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0] as FieldName;
      errors[field] ??= issue.message;
    }
  }
  const found = compact(errors);
  if (Object.keys(found).length > 0 || !result.success) return { ok: false, errors: found };
  return { ok: true, body: result.data };
}
