/**
 * Adding or editing a child. An ID-card number is read as it is typed (birth date, age and
 * gender, or the contract's message beside the field); other credentials ask for the birth date
 * and gender. Checked with the contract's schema before sending (lib/forms/use-form.ts); a refusal
 * (a duplicate, an invalid number) is said beside its field and keeps everything typed.
 */
import { useId, type ReactNode } from 'react';
import { CHILD_AGE_RULE, childAgeProblem } from '#contract/child-age';
import { credentialType, gender, guardianRelation } from '#contract/coded-values';
import { Button } from '../../components/ui/button.tsx';
import { Field, FieldName, Select, TextArea, TextInput, EnumOptions } from '../../components/ui/field.tsx';
import { FormSubmit } from '../../components/form/form-parts.tsx';
import { idFieldState } from '../../components/form/id-reading.tsx';
import { beijingToday, readIdLive } from '../../lib/id-reading.ts';
import { useForm } from '../../lib/forms/use-form.ts';
import { ageOfBirthDate, fieldLabels, isIdCard, validate, type ContactBody, type ContactDraft } from './contact-rules.ts';
import styles from './contacts.module.css';
import { useQuery } from '@tanstack/react-query';
import { gradesQuery } from './contacts-page.data.ts';
import { loadContract } from '../../lib/api/client.ts';

const HEALTH_MAX = 200;

/** The stored numbers as the detail showed them (masked); one it did not show is typed again. */
export interface MaskedOriginals {
  id_number?: string;
  guardian_phone?: string;
}

export function ContactForm({
  initial,
  masked,
  avatar = null,
  editing,
  sending,
  onSubmit,
  onCancel,
}: {
  initial: ContactDraft;
  /** When editing: the stored numbers come masked, so they are shown as a reminder and typed again. */
  masked?: MaskedOriginals;
  avatar?: string | null;
  editing: boolean;
  sending: boolean;
  /** Sends the body; throws the refusal. */
  onSubmit: (body: ContactBody) => Promise<void>;
  onCancel: () => void;
}) {
  const today = beijingToday();
  const grades = useQuery(gradesQuery());
  const keepable = { idNumber: editing && masked?.id_number !== undefined, guardianPhone: editing && masked?.guardian_phone !== undefined };
  const form = useForm({
    initial,
    // The number's live reading speaks while it is typed (components/form/id-reading.tsx).
    ownReading: ['id_number'],
    check: (draft: ContactDraft) => validate(draft, today, avatar, editing, keepable),
    rules: loadContract,
    refusals: { labels: fieldLabels, codes: { idNumberInvalid: 'id_number', contactDuplicate: 'id_number' } },
    onSubmit: (body: ContactBody) => onSubmit(body),
  });
  const { draft, errors } = form;
  const idCard = isIdCard(draft);
  const read = readIdLive(draft.id_number, today);
  // A number that reads but is no child's says so as it is typed, as the backend would refuse it.
  const tooOld = read.state === 'ok' ? childAgeProblem(read.birthDate, today, 'id_number') : null;
  const live = tooOld ? ({ state: 'invalid', message: tooOld } as const) : read;
  const unchanged = (original: string) => `原号码 ${original}，不修改请留空`;

  const change = <K extends keyof ContactDraft>(field: K, value: ContactDraft[K]) => form.set(field, value);

  const numberState = idCard
    ? idFieldState(live, errors.id_number, masked?.id_number !== undefined ? unchanged(masked.id_number) : `输入后自动识别出生日期、年龄和性别；${CHILD_AGE_RULE}`)
    : { error: errors.id_number, hint: masked?.id_number !== undefined ? unchanged(masked.id_number) : '请填写证件上的号码，提交后需人工审核（约1个工作日）' };
  const typedAge = ageOfBirthDate(draft.birth_date, today);

  return (
    <form {...form.formProps} className={styles.form} aria-label={editing ? '编辑孩子信息' : '添加孩子'}>
      {editing && (keepable.idNumber || keepable.guardianPhone) && (
        <p className={styles.note}>为保护隐私，证件号码和监护人手机号不显示完整号码；不修改可留空。修改证件信息后需要重新审核，审核期间不能为孩子报名。</p>
      )}
      {editing && !(keepable.idNumber && keepable.guardianPhone) && (
        <p className={styles.note}>系统未返回孩子的完整资料，请重新填写证件和监护人信息后保存。修改证件信息后需要重新审核，审核期间不能为孩子报名。</p>
      )}
      <fieldset className={styles.section}>
        <legend className={styles.sectionTitle}>孩子信息</legend>
        <Field label={fieldLabels.name} required error={errors.name}>
          {(p) => <TextInput {...p} value={draft.name} onChange={(e) => change('name', e.target.value)} maxLength={20} autoComplete="off" placeholder="与证件上的姓名一致" />}
        </Field>
        <Field label={fieldLabels.credential_type} required error={errors.credential_type}>
          {(p) => (
            <Select {...p} value={draft.credential_type} onChange={(e) => change('credential_type', Number(e.target.value))}>
              <EnumOptions of={credentialType} />
            </Select>
          )}
        </Field>
        <Field label={fieldLabels.id_number} required={!keepable.idNumber} error={numberState.error} hint={numberState.hint}>
          {(p) => (
            <TextInput
              {...p}
              value={draft.id_number}
              onChange={(e) => change('id_number', e.target.value)}
              maxLength={30}
              autoComplete="off"
              placeholder={masked?.id_number ?? (idCard ? '请输入18位身份证号码' : '请输入证件号码')}
            />
          )}
        </Field>
        {!idCard && (
          <>
            <Field label={fieldLabels.birth_date} required error={errors.birth_date} hint={typedAge !== null ? `${typedAge}岁；${CHILD_AGE_RULE}` : CHILD_AGE_RULE}>
              {(p) => <TextInput {...p} type="date" value={draft.birth_date} max={today} onChange={(e) => change('birth_date', e.target.value)} />}
            </Field>
            <ChoiceRow label={fieldLabels.gender} required error={errors.gender}>
              {gender.options.map((o) => (
                <label key={o.value} className={styles.choice}>
                  <input type="radio" name="gender" checked={draft.gender === o.value} onChange={() => change('gender', o.value)} />
                  {o.label}
                </label>
              ))}
            </ChoiceRow>
          </>
        )}
        <Field label={fieldLabels.grade_type} error={errors.grade_type} hint="选填">
          {(p) => (
            <Select {...p} value={draft.grade_type ?? ''} onChange={(e) => change('grade_type', e.target.value === '' ? null : Number(e.target.value))}>
              <option value="">{grades.isPending ? '加载中…' : '请选择年级'}</option>
              {grades.data?.list.map((g) => (
                <option key={g.value} value={g.value}>
                  {g.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={fieldLabels.school} error={errors.school} hint="选填，幼儿园或学校名称">
          {(p) => <TextInput {...p} value={draft.school} onChange={(e) => change('school', e.target.value)} maxLength={50} autoComplete="off" placeholder="例如 西城区实验小学" />}
        </Field>
        <Field label={fieldLabels.health_notes} error={errors.health_notes} hint={`选填，过敏、慢性病等需要老师注意的情况（${draft.health_notes.trim().length}/${HEALTH_MAX}字）`}>
          {(p) => <TextArea {...p} value={draft.health_notes} onChange={(e) => change('health_notes', e.target.value)} rows={3} placeholder="如无可不填" />}
        </Field>
      </fieldset>
      <fieldset className={styles.section}>
        <legend className={styles.sectionTitle}>监护人信息</legend>
        <Field label={fieldLabels.guardian_name} required error={errors.guardian_name}>
          {(p) => <TextInput {...p} value={draft.guardian_name} onChange={(e) => change('guardian_name', e.target.value)} maxLength={20} autoComplete="name" placeholder="请输入监护人姓名" />}
        </Field>
        <Field label={fieldLabels.guardian_relation} required error={errors.guardian_relation}>
          {(p) => (
            <Select {...p} value={draft.guardian_relation ?? ''} onChange={(e) => change('guardian_relation', e.target.value === '' ? null : Number(e.target.value))}>
              <EnumOptions of={guardianRelation} empty />
            </Select>
          )}
        </Field>
        <Field
          label={fieldLabels.guardian_phone}
          required={!keepable.guardianPhone}
          error={errors.guardian_phone}
          hint={masked?.guardian_phone !== undefined ? unchanged(masked.guardian_phone) : '用于上课期间紧急联系'}
        >
          {(p) => (
            <TextInput
              {...p}
              value={draft.guardian_phone}
              onChange={(e) => change('guardian_phone', e.target.value)}
              inputMode="numeric"
              autoComplete="tel"
              maxLength={11}
              placeholder={masked?.guardian_phone ?? '请输入11位手机号'}
            />
          )}
        </Field>
      </fieldset>
      <FormSubmit error={errors.form} busy={form.busy || sending} label={editing ? '保存修改' : '添加'}>
        <Button variant="ghost" onClick={onCancel} disabled={sending}>
          取消
        </Button>
      </FormSubmit>
    </form>
  );
}

/** A labelled group of radios, laid out as the kit's Field. */
function ChoiceRow({ label, required, error, children }: { label: string; required?: boolean; error?: string; children: ReactNode }) {
  const id = useId();
  return (
    <div className={styles.row}>
      <span className={styles.rowLabel} id={`${id}-label`}>
        <FieldName required={required}>{label}</FieldName>
      </span>
      <div className={styles.control}>
        <div className={styles.choices} role="radiogroup" aria-labelledby={`${id}-label`} aria-describedby={error ? `${id}-error` : undefined} aria-invalid={error ? true : undefined}>
          {children}
        </div>
        {error && (
          <p id={`${id}-error`} className={styles.error} role="alert">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
