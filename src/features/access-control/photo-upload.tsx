/**
 * The pick-up person's front photo: checked (type, size) before it is sent, uploaded at once,
 * then shown from its stored address so the parent sees what the gate will see. Replacing it
 * uploads again; a failure is said beside it and the previous photo stays.
 */
import { useEffect, useId, useState } from 'react';
import { PlusIcon } from '../../components/ui/icons.tsx';
import { useApiMutation } from '../../lib/api/queries.ts';
import { failureText } from '../../lib/api/failure-text.ts';
import { useOssUrl } from '../../lib/session/oss.ts';
import { PHOTO_TYPES, checkPhoto, pickerLabels } from './picker-rules.ts';
import styles from './access-control.module.css';

export function PhotoUpload({
  value,
  onChange,
  onBusyChange,
  error,
}: {
  /** The stored address of the uploaded photo, '' when none. */
  value: string;
  onChange: (url: string) => void;
  onBusyChange: (busy: boolean) => void;
  /** The form's message for the field (validation or a refusal). */
  error?: string;
}) {
  const ossUrl = useOssUrl();
  const inputId = useId();
  const messageId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  // Said beside the photo, not in a toast; a lost session still signs out.
  const upload = useApiMutation('upload', { errorHandling: 'manual' });
  const busy = upload.isPending;
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);

  function choose(file: File | undefined) {
    if (!file) return;
    const refused = checkPhoto(file);
    setProblem(refused);
    if (refused) return;
    upload.mutate(
      { body: { file } },
      {
        onSuccess: ({ url }) => onChange(url),
        onError: (failure) => setProblem(`照片上传失败：${failureText(failure)}`),
      },
    );
  }

  const message = problem ?? error;
  const preview = ossUrl(value);
  return (
    <div className={`${styles.photoRow} ${message ? styles.invalid : ''}`}>
      <span className={styles.photoLabel} aria-hidden="true">
        <span className={styles.required}>*</span>
        {pickerLabels.photo_url}
      </span>
      <div className={styles.photoControl}>
        <div className={styles.photoBox}>
          {preview && !busy && <img src={preview} alt="已上传的接送人照片" className={styles.photoPreview} />}
          {busy && (
            <span className={styles.photoBusy} role="status">
              <span className={styles.spinner} aria-hidden="true" />
              上传中…
            </span>
          )}
          {!preview && !busy && (
            <span className={styles.photoEmpty} aria-hidden="true">
              <PlusIcon size={22} />
            </span>
          )}
        </div>
        <div className={styles.photoSide}>
          <input
            id={inputId}
            type="file"
            accept={PHOTO_TYPES.join(',')}
            className="visually-hidden"
            disabled={busy}
            aria-invalid={message ? true : undefined}
            aria-describedby={messageId}
            onChange={(e) => {
              const file = e.target.files?.[0];
              // The same file may be chosen again after a refusal.
              e.target.value = '';
              choose(file);
            }}
          />
          {/* The input sits just before its label, so the label shows the keyboard focus. */}
          <label htmlFor={inputId} className={`${styles.photoPick} ${busy ? styles.photoPickBusy : ''}`}>
            <span className="visually-hidden">{pickerLabels.photo_url}：</span>
            {value ? '更换照片' : '选择照片'}
          </label>
          <div id={messageId}>
            {message ? (
              <p className={styles.error} role="alert">
                {message}
              </p>
            ) : (
              <p className={styles.hint}>本人正面免冠照片，五官清晰，用于入馆接送时核验身份；JPG、PNG、WEBP 格式，不超过5MB。</p>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}
