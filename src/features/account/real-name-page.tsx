/**
 * /personal/accountAntonym, 实名认证 (decision 007): where the parent's real-name authentication
 * stands (未认证 / 审核中 / 已认证 / 认证未通过 with the reason) and, until it has passed, a form:
 * real name, credential type and number. An ID-card number is read as it is typed (birth date,
 * age, gender, or the contract's message). Passed: the masked record.
 */
import { useQueryClient, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { credentialType, realNameStatus, type ValueOf } from '#contract/coded-values';
import type { operations } from '#contract/index';
import { StatusText } from '../../components/ui/badge.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Field, Select, TextInput, EnumOptions } from '../../components/ui/field.tsx';
import { PageFrame } from '../../components/ui/page-frame.tsx';
import { QueryState } from '../../components/ui/states.tsx';
import { api, useApiMutation, type Data } from '../../lib/api/queries.ts';
import { formatDateTime } from '../../lib/format.ts';
import { toast } from '../../stores/toast-store.ts';
import { FormSubmit } from '../../components/form/form-parts.tsx';
import { idFieldState } from '../../components/form/id-reading.tsx';
import { readIdFinal, readIdLive } from '../../lib/id-reading.ts';
import { compact, fieldErrors, hasErrors, type Checked } from '../../lib/forms/field-errors.ts';
import { issueMap } from '../../lib/forms/issue-messages.ts';
import { useForm } from '../../lib/forms/use-form.ts';
import styles from './account.module.css';
import { realNameQuery } from './real-name-page.data.ts';
import { loadContract } from '../../lib/api/client.ts';

type AuthRecord = Data<'real_name_authentication_get'>;
const FIELDS = ['real_name', 'credential_type', 'id_number'] as const;
type FieldName = (typeof FIELDS)[number];
type CredentialType = ValueOf<typeof credentialType>;

const labels: Record<FieldName, string> = { real_name: '真实姓名', credential_type: '证件类型', id_number: '证件号码' };
type RealNameBody = z.output<(typeof operations)['real_name_authentication_post']['body']>;
type Draft = { real_name: string; credential_type: CredentialType; id_number: string };

/** The contract's rule (loaded when the form is first touched, decision 091), plus what it leaves to the form: a name typed, an ID card that reads. */
async function validate(draft: Draft): Promise<Checked<RealNameBody, FieldName>> {
  const { operations } = await loadContract();
  const value = { real_name: draft.real_name.trim(), credential_type: draft.credential_type, id_number: draft.id_number.trim() };
  const result = operations.real_name_authentication_post.body.safeParse(value, { error: issueMap(labels) });
  const found: Partial<Record<FieldName, string | null>> = result.success ? {} : fieldErrors(result.error.issues, FIELDS);
  if (draft.real_name.trim() === '') found.real_name = '请输入真实姓名';
  if (draft.credential_type === credentialType.values.idCard) {
    const reading = readIdFinal(draft.id_number);
    if (!reading.ok) found.id_number = reading.message;
  }
  const errors = compact(found);
  return result.success && !hasErrors(errors) ? { ok: true, body: result.data } : { ok: false, errors };
}

export function RealNamePage() {
  const record = useQuery(realNameQuery());
  return (
    <PageFrame plain title="实名认证" intro="报名、退费和开具发票以实名认证的姓名为准；认证通过后姓名不能修改。">
      <QueryState query={record}>{(data) => <RealNameView record={data} />}</QueryState>
    </PageFrame>
  );
}

function RealNameView({ record }: { record: AuthRecord }) {
  const { values } = realNameStatus;
  switch (record.status) {
    case values.passed:
      return (
        <>
          <Summary record={record} />
          <div className={styles.note}>
            <p>您已完成实名认证。如认证信息有误，请联系客服处理。</p>
          </div>
        </>
      );
    case values.reviewing:
      return (
        <>
          <Summary record={record} />
          <div className={`${styles.note} ${styles.noteWarning}`}>
            <p>资料已提交，工作人员审核中，一般在1个工作日内完成，请耐心等待。审核期间不能修改。</p>
          </div>
        </>
      );
    case values.rejected:
      return (
        <>
          <div className={`${styles.note} ${styles.noteDanger}`} role="status">
            <p>
              <StatusText value={record.status} of={realNameStatus} />
              {record.reject_reason ? `：${record.reject_reason}` : ''}
            </p>
            <p>请核对后重新提交。</p>
          </div>
          <RealNameForm initial={record} />
        </>
      );
    default:
      return (
        <>
          <div className={styles.note}>
            <p>您还没有实名认证。使用身份证认证即时完成；使用其他证件需人工审核，约1个工作日。</p>
          </div>
          <RealNameForm initial={record} />
        </>
      );
  }
}

function Summary({ record }: { record: AuthRecord }) {
  return (
    <>
      <div className={styles.current}>
        <span className={styles.currentLabel}>认证状态</span>
        <StatusText value={record.status} of={realNameStatus} />
        {record.submitted_at && <span className={styles.currentAside}>提交于 {formatDateTime(record.submitted_at)}</span>}
      </div>
      <dl className={`${styles.facts} ${styles.factsSpaced}`} aria-label="认证信息">
        <dt>真实姓名</dt>
        <dd>{record.real_name ?? '—'}</dd>
        <dt>证件类型</dt>
        <dd>{record.credential_type ? credentialType.label(record.credential_type) : '—'}</dd>
        <dt>证件号码</dt>
        <dd>{record.id_number ?? '—'}</dd>
      </dl>
    </>
  );
}

function RealNameForm({ initial }: { initial: AuthRecord }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<RealNameBody | null>(null);
  const submit = useApiMutation('real_name_authentication_post', { errorHandling: 'manual' });
  const form = useForm({
    initial: { real_name: initial.real_name ?? '', credential_type: initial.credential_type ?? credentialType.values.idCard, id_number: '' },
    // The number's live reading speaks while it is typed (components/form/id-reading.tsx).
    ownReading: ['id_number'],
    check: validate,
    rules: loadContract,
    refusals: { labels, codes: { idNumberInvalid: 'id_number' } },
    // Valid: the parent confirms first (the name cannot be changed once it has passed).
    onSubmit: (body: RealNameBody) => setConfirming(body),
  });
  const { draft, errors } = form;
  const type = draft.credential_type;
  const isIdCard = type === credentialType.values.idCard;
  const live = readIdLive(draft.id_number);

  async function send(body: RealNameBody) {
    const sent = await form.run(async () => {
      const record = await submit.mutateAsync({ body });
      // The answer is the new record: shown at once (personal_data follows: lib/api/invalidations.ts).
      queryClient.setQueryData(api.real_name_authentication_get.key(), record);
      toast.succeed(record.status === realNameStatus.values.passed ? '实名认证已通过' : '已提交，请等待审核');
    });
    setConfirming(null);
    return sent;
  }

  const numberState = isIdCard ? idFieldState(live, errors.id_number, '输入后自动识别出生日期和性别') : { error: errors.id_number, hint: '请填写证件上的号码，提交后人工审核' };

  return (
    <form {...form.formProps} className={styles.form} aria-label="实名认证">
      <Field label="真实姓名" required error={errors.real_name} hint="请填写与证件一致的姓名">
        {(props) => <TextInput {...props} value={draft.real_name} onChange={(e) => form.set('real_name', e.target.value)} maxLength={40} autoComplete="name" placeholder="请输入真实姓名" />}
      </Field>
      <Field label="证件类型" required error={errors.credential_type}>
        {(props) => (
          <Select {...props} value={type} onChange={(e) => form.set('credential_type', Number(e.target.value) as CredentialType)}>
            <EnumOptions of={credentialType} />
          </Select>
        )}
      </Field>
      <Field label="证件号码" required error={numberState.error} hint={numberState.hint}>
        {(props) => (
          <TextInput
            {...props}
            value={draft.id_number}
            onChange={(e) => form.set('id_number', e.target.value)}
            maxLength={30}
            autoComplete="off"
            placeholder={isIdCard ? '请输入15或18位身份证号码' : '请输入证件号码'}
          />
        )}
      </Field>
      <FormSubmit error={errors.form} busy={form.busy || submit.isPending} label="提交认证" />
      <ConfirmDialog
        open={confirming !== null}
        title="确认提交实名认证？"
        confirmText="确认提交"
        busy={submit.isPending}
        onConfirm={() => confirming && void send(confirming)}
        onClose={() => setConfirming(null)}
      >
        <p>
          {draft.real_name.trim()}，{credentialType.label(type)}，{draft.id_number.trim()}
        </p>
        <p>认证通过后姓名不能修改，请确认信息无误。</p>
      </ConfirmDialog>
    </form>
  );
}
