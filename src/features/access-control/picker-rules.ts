/**
 * The add-a-pick-up-person form's rules: the contract's creat_access_control_info body is the
 * check (its own Chinese messages first), and refusals of the backend are placed beside the
 * field they concern. The photo's type and size are the upload call's (contract: jpg/png/webp
 * up to 5 MB), checked before anything is sent. The body's schema loads when the form first
 * checks, not with the page (decision 091).
 */
import type { operations } from '#contract/index';
import { PICKER_NAME_MAX } from '#contract/limits';
import type { z } from 'zod';
import { fieldErrors, fieldsOf, type Checked } from '../../lib/forms/field-errors.ts';
import { issueMap } from '../../lib/forms/issue-messages.ts';
import type { RefusalPlaces } from '../../lib/forms/refusals.ts';
import { loadContract } from '../../lib/api/client.ts';

export type PickerBody = z.output<(typeof operations)['creat_access_control_info']['body']>;

/** The longest name the contract takes; the input stops there. */
export const NAME_MAX = PICKER_NAME_MAX;

export const pickerLabels = {
  name: '姓名',
  relation: '与孩子关系',
  phone: '手机号',
  photo_url: '正面照片',
};
export type PickerField = keyof typeof pickerLabels;
export const pickerFields = fieldsOf(pickerLabels);

export interface PickerDraft {
  name: string;
  relation: number | null;
  phone: string;
  photo_url: string;
}

export const emptyDraft: PickerDraft = { name: '', relation: null, phone: '', photo_url: '' };

export async function validatePicker(contactId: number, draft: PickerDraft): Promise<Checked<PickerBody, PickerField>> {
  const { operations } = await loadContract();
  const result = operations.creat_access_control_info.body.safeParse(
    { contact_id: contactId, name: draft.name, relation: draft.relation ?? undefined, phone: draft.phone.trim(), photo_url: draft.photo_url },
    { error: issueMap(pickerLabels) },
  );
  return result.success ? { ok: true, body: result.data } : { ok: false, errors: fieldErrors(result.error.issues, pickerFields) };
}

/**
 * Where a refusal belongs: a duplicate phone beside the phone; a field the backend names
 * ('field：message', decision 003) beside that field; the limit and anything else above the
 * button (the list is asked again after the limit: lib/api/invalidations.ts).
 */
export const pickerRefusals: RefusalPlaces<PickerField> = { codes: { pickerDuplicate: 'phone' }, labels: pickerLabels };

/** What the upload call takes (its contract summary: jpg/png/webp up to 5 MB). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

export function checkPhoto(file: File): string | null {
  if (!PHOTO_TYPES.includes(file.type)) return '仅支持 JPG、PNG、WEBP 格式的照片';
  if (file.size > PHOTO_MAX_BYTES) return '照片不能超过5MB，请压缩后再上传';
  if (file.size === 0) return '照片文件是空的，请重新选择';
  return null;
}
