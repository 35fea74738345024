/**
 * The add-a-pick-up-person form's rules: the contract's creat_access_control_info body is the
 * check (its own Chinese messages first), and refusals of the backend are placed beside the
 * field they concern. The photo's type and size are the upload call's (contract: jpg/png/webp
 * up to 5 MB), checked before anything is sent.
 */
import { errorCodes, operations } from '#contract/index';
import type { z } from 'zod';
import { isApiError } from '../../lib/api/outcome.ts';
import { chineseIssues } from '../../lib/forms/issue-messages.ts';
import { failureText } from '../../lib/api/failure-text.ts';

const bodySchema = operations.creat_access_control_info.body;
export type PickerBody = z.output<typeof bodySchema>;

/** The longest name the contract takes; the input stops there. */
export const NAME_MAX = bodySchema.shape.name.maxLength ?? undefined;

export const pickerFields = ['name', 'relation', 'phone', 'photo_url'] as const;
export type PickerField = (typeof pickerFields)[number];
export type PickerErrors = Partial<Record<PickerField, string>>;

export const pickerLabels: Record<PickerField, string> = {
  name: '姓名',
  relation: '与孩子关系',
  phone: '手机号',
  photo_url: '正面照片',
};

const wording = chineseIssues(pickerLabels);
/** A choice left empty reads 请选择…, not 填写有误. */
const issueMap: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'invalid_value' && (issue.input === undefined || issue.input === null)) {
    return `请选择${pickerLabels[issue.path?.[0] as PickerField] ?? ''}`;
  }
  return wording(issue);
};

export interface PickerDraft {
  name: string;
  relation: number | null;
  phone: string;
  photo_url: string;
}

export const emptyDraft: PickerDraft = { name: '', relation: null, phone: '', photo_url: '' };

export function validatePicker(contactId: number, draft: PickerDraft): { ok: true; body: PickerBody } | { ok: false; errors: PickerErrors } {
  const result = bodySchema.safeParse(
    { contact_id: contactId, name: draft.name, relation: draft.relation ?? undefined, phone: draft.phone.trim(), photo_url: draft.photo_url },
    { error: issueMap },
  );
  if (result.success) return { ok: true, body: result.data };
  const errors: PickerErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as PickerField;
    if (pickerFields.includes(field)) errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** One field's message for this draft, if any (to clear a message once the field is right). */
export function pickerFieldError(contactId: number, draft: PickerDraft, field: PickerField): string | undefined {
  const result = validatePicker(contactId, draft);
  return result.ok ? undefined : result.errors[field];
}

/**
 * Where a refusal belongs: a duplicate phone beside the phone; a field the backend names
 * ('field：message', decision 003) beside that field; the limit and anything else above the
 * button. `limit` says the list should be asked again (someone else may have added one).
 */
export function placePickerRefusal(error: unknown): { field: PickerField | null; message: string; limit: boolean } {
  const message = failureText(error);
  if (isApiError(error) && (error.failure.kind === 'business' || error.failure.kind === 'http')) {
    const { code } = error.failure;
    if (code === errorCodes.pickerDuplicate.code) return { field: 'phone', message, limit: false };
    if (code === errorCodes.pickerLimit.code) return { field: null, message, limit: true };
    const named = /^(\w+)[：:]\s*(.+)$/.exec(message);
    if (named && pickerFields.includes(named[1] as PickerField)) return { field: named[1] as PickerField, message: named[2]!, limit: false };
  }
  return { field: null, message, limit: false };
}

/** What the upload call takes (its contract summary: jpg/png/webp up to 5 MB). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

export function checkPhoto(file: File): string | null {
  if (!PHOTO_TYPES.includes(file.type)) return '仅支持 JPG、PNG、WEBP 格式的照片';
  if (file.size > PHOTO_MAX_BYTES) return '照片不能超过5MB，请压缩后再上传';
  if (file.size === 0) return '照片文件是空的，请重新选择';
  return null;
}
