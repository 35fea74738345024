/** Creates or edits the parent's one mailing address, checked with the contract's own rules. */
import { useRef, useState, type FormEvent } from 'react';
import { mailInfoInputSchema } from '#contract/index';
import { Button } from '../../components/ui/button.tsx';
import { Field, Select, TextInput } from '../../components/ui/field.tsx';
import { useApiMutation } from '../../lib/api/queries.ts';
import type { ApiError } from '../../lib/api/outcome.ts';
import { toast } from '../../stores/toast-store.ts';
import { failureMessage } from '../../lib/api/failure-text.ts';
import { fieldErrors, type FieldErrors } from '../../lib/forms/field-errors.ts';
import { MUNICIPALITIES, PROVINCES } from './provinces.ts';
import type { MailInfo } from '../../lib/mail-info.ts';
import styles from './mailing.module.css';

type Values = { receiver: string; phone: string; province: string; city: string; district: string; address: string; postcode: string };
type Key = keyof Values;

const empty: Values = { receiver: '', phone: '', province: '', city: '', district: '', address: '', postcode: '' };

function valuesOf(m: MailInfo | null): Values {
  return m ? { receiver: m.receiver, phone: m.phone, province: m.province, city: m.city, district: m.district, address: m.address, postcode: m.postcode ?? '' } : empty;
}

/** The list, plus a province saved under another spelling, so editing never drops it. */
function provinceOptions(current: string): readonly string[] {
  return current && !(PROVINCES as readonly string[]).includes(current) ? [current, ...PROVINCES] : PROVINCES;
}

function check(values: Values) {
  return mailInfoInputSchema.safeParse({ ...values, postcode: values.postcode.trim() || null });
}

export function MailingForm({ current, onSaved, onCancel }: { current: MailInfo | null; onSaved: () => void; onCancel?: () => void }) {
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>(() => valuesOf(current));
  const [errors, setErrors] = useState<FieldErrors<Key>>({});
  const [checked, setChecked] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  // get_mail_info has been asked again by now (lib/api/invalidations.ts).
  function saved() {
    toast.succeed('邮寄地址已保存');
    onSaved();
  }
  const onError = (err: ApiError) => setRefusal(failureMessage(err));
  const create = useApiMutation('creat_mail_info', {
    errorHandling: 'manual',
    onSuccess: saved,
    onError,
  });
  const update = useApiMutation('update_mail_info', {
    errorHandling: 'manual',
    onSuccess: saved,
    onError,
  });
  const sending = create.isPending || update.isPending;

  function set(key: Key, value: string) {
    const next = { ...values, [key]: value };
    if (key === 'province' && MUNICIPALITIES.has(value)) next.city = value;
    setValues(next);
    if (checked) {
      const result = check(next);
      setErrors(result.success ? {} : fieldErrors<Key>(result.error.issues));
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    setChecked(true);
    setRefusal(null);
    const result = check(values);
    if (!result.success) {
      setErrors(fieldErrors<Key>(result.error.issues));
      // The first field the parent has to fix gets the focus.
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setErrors({});
    if (current) update.mutate({ pathParams: { id: current.id }, body: result.data });
    else create.mutate({ body: result.data });
  }

  const text = (key: Key) => ({ value: values[key], onChange: (e: { target: { value: string } }) => set(key, e.target.value) });
  return (
    <form ref={form} className={styles.form} onSubmit={submit} noValidate aria-label={current ? '修改邮寄地址' : '添加邮寄地址'}>
      <Field label="收件人" required error={errors.receiver}>
        {(p) => <TextInput {...p} {...text('receiver')} maxLength={20} autoComplete="name" placeholder="收件人姓名" />}
      </Field>
      <Field label="手机号" required error={errors.phone}>
        {(p) => <TextInput {...p} {...text('phone')} type="tel" inputMode="numeric" maxLength={11} autoComplete="tel" placeholder="11位手机号" />}
      </Field>
      <Field label="省份" required error={errors.province}>
        {(p) => (
          <Select {...p} {...text('province')}>
            <option value="">请选择省份</option>
            {provinceOptions(values.province).map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="城市" required error={errors.city}>
        {(p) => <TextInput {...p} {...text('city')} maxLength={20} placeholder="如：杭州市" />}
      </Field>
      <Field label="区县" required error={errors.district}>
        {(p) => <TextInput {...p} {...text('district')} maxLength={20} placeholder="如：西湖区" />}
      </Field>
      <Field label="详细地址" required error={errors.address}>
        {(p) => <TextInput {...p} {...text('address')} maxLength={100} autoComplete="street-address" placeholder="街道、门牌号、小区、楼栋及单元" />}
      </Field>
      <Field label="邮政编码" error={errors.postcode} hint="选填">
        {(p) => <TextInput {...p} {...text('postcode')} inputMode="numeric" maxLength={6} autoComplete="postal-code" placeholder="6位数字" />}
      </Field>
      {refusal && (
        <p className={styles.refusal} role="alert">
          {refusal}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" loading={sending}>
          保存地址
        </Button>
        {onCancel && (
          <Button variant="ghost" onClick={onCancel} disabled={sending}>
            取消
          </Button>
        )}
      </div>
    </form>
  );
}
