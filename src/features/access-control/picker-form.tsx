/**
 * 添加接送人: name, relation, phone and a front photo, checked with the contract's own schema
 * before sending (lib/forms/use-form.ts). A refusal (the same phone twice, the limit reached) is
 * said beside the field or above the button, and everything typed stays.
 */
import { useCallback, useEffect, useState } from 'react';
import { guardianRelation } from '#contract/coded-values';
import { Button } from '../../components/ui/button.tsx';
import { Field, Select, TextInput, EnumOptions } from '../../components/ui/field.tsx';
import { useApiMutation } from '../../lib/api/queries.ts';
import { useForm } from '../../lib/forms/use-form.ts';
import { toast } from '../../stores/toast-store.ts';
import { PhotoUpload } from './photo-upload.tsx';
import { NAME_MAX, emptyDraft, pickerLabels, pickerRefusals, validatePicker, type PickerBody } from './picker-rules.ts';
import styles from './access-control.module.css';
import { loadContract } from '../../lib/api/client.ts';

export function PickerForm({ child, onClose }: { child: { id: number; name: string }; onClose: () => void }) {
  const [uploading, setUploading] = useState(false);
  const create = useApiMutation('creat_access_control_info', { errorHandling: 'manual' });
  const form = useForm({
    initial: emptyDraft,
    check: (draft) => validatePicker(child.id, draft),
    rules: loadContract,
    refusals: pickerRefusals,
    blocked: uploading,
    onSubmit: async (body: PickerBody) => {
      // The list has been asked again by then (lib/api/invalidations.ts).
      await create.mutateAsync({ body });
      toast.succeed(`已添加接送人${body.name}`);
      onClose();
    },
  });
  const { draft, errors, set } = form;

  // Opening the form puts the parent in its first field.
  const formElement = form.formProps.ref;
  useEffect(() => formElement.current?.querySelector<HTMLElement>('input')?.focus(), [formElement]);

  const changePhoto = useCallback((url: string) => set('photo_url', url), [set]);

  return (
    <section className={styles.formPanel} aria-labelledby="picker-form-title">
      <h2 id="picker-form-title" className={styles.formTitle}>
        为{child.name}添加接送人
      </h2>
      <form {...form.formProps} aria-labelledby="picker-form-title">
        <Field label={pickerLabels.name} required error={errors.name}>
          {(props) => <TextInput {...props} value={draft.name} autoComplete="off" maxLength={NAME_MAX} placeholder="接送人的真实姓名" onChange={(e) => set('name', e.target.value)} />}
        </Field>
        <Field label={pickerLabels.relation} required error={errors.relation}>
          {(props) => (
            <Select {...props} value={draft.relation ?? ''} onChange={(e) => set('relation', e.target.value === '' ? null : Number(e.target.value))}>
              <EnumOptions of={guardianRelation} empty />
            </Select>
          )}
        </Field>
        <Field label={pickerLabels.phone} required error={errors.phone} hint="每位接送人的手机号不能重复">
          {(props) => <TextInput {...props} type="tel" inputMode="numeric" autoComplete="off" value={draft.phone} placeholder="11位手机号" onChange={(e) => set('phone', e.target.value)} />}
        </Field>
        <PhotoUpload value={draft.photo_url} onChange={changePhoto} onBusyChange={setUploading} error={errors.photo_url} />
        <div className={styles.formFoot}>
          {errors.form && (
            <p className={styles.formError} role="alert">
              {errors.form}
            </p>
          )}
          <div className={styles.formButtons}>
            <Button type="submit" loading={form.busy || create.isPending} disabled={uploading}>
              确认添加
            </Button>
            <Button variant="ghost" onClick={onClose} disabled={create.isPending}>
              取消
            </Button>
            {uploading && <span className={styles.hint}>照片上传中，请稍候</span>}
          </div>
        </div>
      </form>
    </section>
  );
}
