/**
 * 添加接送人: name, relation, phone and a front photo, checked with the contract's own schema
 * before sending. A refusal (the same phone twice, the limit reached) is said beside the field
 * or above the button, and everything typed stays.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { guardianRelation } from '#contract/index';
import { Button } from '../../components/ui/button.tsx';
import { Field, Select, TextInput } from '../../components/ui/field.tsx';
import { useApiMutation } from '../../lib/api/queries.ts';
import { toast } from '../../stores/toast-store.ts';
import { PhotoUpload } from './photo-upload.tsx';
import {
  NAME_MAX,
  emptyDraft,
  pickerFieldError,
  pickerLabels,
  placePickerRefusal,
  validatePicker,
  type PickerDraft,
  type PickerErrors,
  type PickerField,
} from './picker-rules.ts';
import styles from './access-control.module.css';

export function PickerForm({ child, onClose }: { child: { id: number; name: string }; onClose: () => void }) {
  const [draft, setDraft] = useState<PickerDraft>(emptyDraft);
  const [errors, setErrors] = useState<PickerErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [checked, setChecked] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const form = useRef<HTMLFormElement>(null);

  // Opening the form puts the parent in its first field; after a failed check, the first wrong one.
  useEffect(() => {
    const target = focusRequest === 0 ? 'input' : '[aria-invalid="true"]';
    form.current?.querySelector<HTMLElement>(target)?.focus();
  }, [focusRequest]);

  const create = useApiMutation('creat_access_control_info', { errorHandling: 'manual' });

  const change = <K extends PickerField>(field: K, value: PickerDraft[K]) => {
    const next = { ...draft, [field]: value };
    setDraft(next);
    // Once checked, a field's message follows what is typed, so it goes as soon as it is right.
    if (checked) setErrors((prev) => ({ ...prev, [field]: pickerFieldError(child.id, next, field) }));
  };
  const changePhoto = useCallback(
    (url: string) => {
      setDraft((d) => ({ ...d, photo_url: url }));
      setErrors((prev) => ({ ...prev, photo_url: undefined }));
    },
    [],
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending || uploading) return;
    setChecked(true);
    setFormError(null);
    const result = validatePicker(child.id, draft);
    if (!result.ok) {
      setErrors(result.errors);
      setFocusRequest((n) => n + 1);
      return;
    }
    setErrors({});
    create.mutate(
      { body: result.body },
      {
        // The list has been asked again by now (lib/api/invalidations.ts).
        onSuccess: () => {
          toast.succeed(`已添加接送人${result.body.name}`);
          onClose();
        },
        onError: (error) => {
          const placed = placePickerRefusal(error);
          if (placed.field) {
            setErrors({ [placed.field]: placed.message });
            setFocusRequest((n) => n + 1);
          } else {
            setFormError(placed.message);
          }
        },
      },
    );
  };

  return (
    <section className={styles.formPanel} aria-labelledby="picker-form-title">
      <h2 id="picker-form-title" className={styles.formTitle}>
        为{child.name}添加接送人
      </h2>
      <form ref={form} onSubmit={onSubmit} noValidate aria-labelledby="picker-form-title">
        <Field label={pickerLabels.name} required error={errors.name}>
          {(props) => (
            <TextInput {...props} value={draft.name} autoComplete="off" maxLength={NAME_MAX} placeholder="接送人的真实姓名" onChange={(e) => change('name', e.target.value)} />
          )}
        </Field>
        <Field label={pickerLabels.relation} required error={errors.relation}>
          {(props) => (
            <Select {...props} value={draft.relation ?? ''} onChange={(e) => change('relation', e.target.value === '' ? null : Number(e.target.value))}>
              <option value="">请选择</option>
              {guardianRelation.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={pickerLabels.phone} required error={errors.phone} hint="每位接送人的手机号不能重复">
          {(props) => (
            <TextInput
              {...props}
              type="tel"
              inputMode="numeric"
              autoComplete="off"
              value={draft.phone}
              placeholder="11位手机号"
              onChange={(e) => change('phone', e.target.value)}
            />
          )}
        </Field>
        <PhotoUpload value={draft.photo_url} onChange={changePhoto} onBusyChange={setUploading} error={errors.photo_url} />
        <div className={styles.formFoot}>
          {formError && (
            <p className={styles.formError} role="alert">
              {formError}
            </p>
          )}
          <div className={styles.formButtons}>
            <Button type="submit" loading={create.isPending} disabled={uploading}>
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
