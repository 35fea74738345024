/**
 * Creates or edits the parent's one mailing address, checked with the contract's own rules
 * (lib/forms/use-form.ts); a refusal that names a field is said beside it, others above the buttons.
 */
import type { z } from 'zod';
import type { mailInfoInputSchema } from '#contract/index';
import { Button } from '../../components/ui/button.tsx';
import { Field, Select, TextInput } from '../../components/ui/field.tsx';
import { useApiMutation } from '../../lib/api/queries.ts';
import { fieldErrors, type Checked } from '../../lib/forms/field-errors.ts';
import { useForm } from '../../lib/forms/use-form.ts';
import { toast } from '../../stores/toast-store.ts';
import { MUNICIPALITIES, PROVINCES } from './provinces.ts';
import type { MailInfo } from '../../lib/mail-info.ts';
import styles from './mailing.module.css';
import { loadContract } from '../../lib/api/client.ts';

type Values = { receiver: string; phone: string; province: string; city: string; district: string; address: string; postcode: string };
type Key = keyof Values;
type MailInfoInput = z.output<typeof mailInfoInputSchema>;

/** The form's labels; also how a refusal may name a field (城市：…). */
const LABELS: Record<Key, string> = { receiver: '收件人', phone: '手机号', province: '省份', city: '城市', district: '区县', address: '详细地址', postcode: '邮政编码' };

const empty: Values = { receiver: '', phone: '', province: '', city: '', district: '', address: '', postcode: '' };

function valuesOf(m: MailInfo | null): Values {
  return m ? { receiver: m.receiver, phone: m.phone, province: m.province, city: m.city, district: m.district, address: m.address, postcode: m.postcode ?? '' } : empty;
}

/** The list, plus a province saved under another spelling, so editing never drops it. */
function provinceOptions(current: string): readonly string[] {
  return current && !(PROVINCES as readonly string[]).includes(current) ? [current, ...PROVINCES] : PROVINCES;
}

const KEYS = Object.keys(empty) as Key[];

/** The contract's own rules (mailInfoInputSchema), one message per field; loaded when the form is first touched (decision 091). */
async function check(values: Values): Promise<Checked<MailInfoInput, Key>> {
  const { mailInfoInputSchema } = await loadContract();
  const result = mailInfoInputSchema.safeParse({ ...values, postcode: values.postcode.trim() || null });
  return result.success ? { ok: true, body: result.data } : { ok: false, errors: fieldErrors(result.error.issues, KEYS) };
}

export function MailingForm({ current, onSaved, onCancel }: { current: MailInfo | null; onSaved: () => void; onCancel?: () => void }) {
  const create = useApiMutation('creat_mail_info', { errorHandling: 'manual' });
  const update = useApiMutation('update_mail_info', { errorHandling: 'manual' });
  const sending = create.isPending || update.isPending;
  const form = useForm({
    initial: () => valuesOf(current),
    check,
    rules: loadContract,
    refusals: { labels: LABELS },
    onSubmit: async (body: MailInfoInput) => {
      // get_mail_info has been asked again when this resolves (lib/api/invalidations.ts).
      if (current) await update.mutateAsync({ pathParams: { id: current.id }, body });
      else await create.mutateAsync({ body });
      toast.succeed('邮寄地址已保存');
      onSaved();
    },
  });
  const { draft: values, errors } = form;

  function set(key: Key, value: string) {
    // A municipality is its own city.
    form.update(key === 'province' && MUNICIPALITIES.has(value) ? { province: value, city: value } : { [key]: value });
  }

  const text = (key: Key) => ({ value: values[key], onChange: (e: { target: { value: string } }) => set(key, e.target.value) });
  return (
    <form {...form.formProps} className={styles.form} aria-label={current ? '修改邮寄地址' : '添加邮寄地址'}>
      <Field label={LABELS.receiver} required error={errors.receiver}>
        {(p) => <TextInput {...p} {...text('receiver')} maxLength={20} autoComplete="name" placeholder="收件人姓名" />}
      </Field>
      <Field label={LABELS.phone} required error={errors.phone}>
        {(p) => <TextInput {...p} {...text('phone')} type="tel" inputMode="numeric" maxLength={11} autoComplete="tel" placeholder="11位手机号" />}
      </Field>
      <Field label={LABELS.province} required error={errors.province}>
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
      <Field label={LABELS.city} required error={errors.city}>
        {(p) => <TextInput {...p} {...text('city')} maxLength={20} autoComplete="address-level2" placeholder="如：杭州市" />}
      </Field>
      <Field label={LABELS.district} required error={errors.district}>
        {(p) => <TextInput {...p} {...text('district')} maxLength={20} autoComplete="address-level3" placeholder="如：西湖区" />}
      </Field>
      <Field label={LABELS.address} required error={errors.address}>
        {(p) => <TextInput {...p} {...text('address')} maxLength={100} autoComplete="street-address" placeholder="街道、门牌号、小区、楼栋及单元" />}
      </Field>
      <Field label={LABELS.postcode} error={errors.postcode} hint="选填">
        {(p) => <TextInput {...p} {...text('postcode')} inputMode="numeric" maxLength={6} autoComplete="postal-code" placeholder="6位数字" />}
      </Field>
      {errors.form && (
        <p className={styles.refusal} role="alert">
          {errors.form}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" loading={form.busy || sending}>
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
