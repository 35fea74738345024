/**
 * Up to MAX_IMAGES screenshots for a feedback. Uploading needs a signed-in parent (the upload
 * call is signed-in only), so a signed-out parent is told so and offered sign-in; each chosen
 * file is uploaded at once and shown from its stored address, and can be removed.
 */
import { useEffect, useId, useState } from 'react';
import { buttonLook } from '../../components/ui/button.tsx';
import { PlusIcon } from '../../components/ui/icons.tsx';
import { useApiMutation } from '../../lib/api/queries.ts';
import { failureText } from '../../lib/api/failure-text.ts';
import { useOssUrl } from '../../lib/session/oss.ts';
import { SignInLink } from '#src/components/ui/sign-in-link.tsx';
import { useSignedIn } from '../../lib/session/use-session.ts';
import { MAX_IMAGES } from './feedback-rules.ts';
import styles from './feedback.module.css';

interface Uploading {
  key: number;
  name: string;
}

let nextKey = 1;

export function ImagePicker({
  images,
  onChange,
  onBusyChange,
  error,
}: {
  /** Stored addresses of the uploaded images. */
  images: string[];
  onChange: (update: (images: string[]) => string[]) => void;
  onBusyChange: (busy: boolean) => void;
  /** The form's own message for the field (validation or a refusal). */
  error?: string;
}) {
  const signedIn = useSignedIn();
  const ossUrl = useOssUrl();
  const labelId = useId();
  const messageId = useId();
  const [uploading, setUploading] = useState<Uploading[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  // Failures are said beside the images, not in a toast; a lost session still signs out.
  const upload = useApiMutation('upload', { errorHandling: 'manual' });

  const room = MAX_IMAGES - images.length - uploading.length;
  const busy = uploading.length > 0;
  // The form waits for uploads before it sends.
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);

  async function add(files: File[]) {
    const taken = files.slice(0, Math.max(0, room));
    const count = images.length + uploading.length + files.length;
    const tooMany = count > MAX_IMAGES ? (await import('./feedback-check.ts')).checkImageCount(count) : null;
    setProblems(tooMany ? [tooMany] : []);
    if (taken.length === 0) return;
    const started = taken.map((file) => ({ key: nextKey++, name: file.name, file }));
    setUploading((prev) => [...prev, ...started.map(({ key, name }) => ({ key, name }))]);
    const results = await Promise.all(
      started.map(async ({ name, file }) => {
        try {
          return (await upload.mutateAsync({ body: { file } })).url;
        } catch (failure) {
          setProblems((prev) => [...prev, `${name}：${failureText(failure)}`]);
          return null;
        }
      }),
    );
    // Added together, in the order chosen, whichever finished first.
    const keys = new Set(started.map((u) => u.key));
    setUploading((prev) => prev.filter((u) => !keys.has(u.key)));
    const urls = results.filter((url): url is string => url !== null);
    if (urls.length > 0) onChange((prev) => [...prev, ...urls]);
  }

  const messages = [...(error ? [error] : []), ...problems];
  return (
    <div className={`${styles.row} ${messages.length > 0 ? styles.invalid : ''}`} role="group" aria-labelledby={labelId} aria-describedby={messageId}>
      <span id={labelId} className={styles.label}>
        图片
      </span>
      <div className={styles.control}>
        {(signedIn || images.length > 0) && (
          <ul className={styles.thumbs}>
            {images.map((url, i) => (
              // By position: a backend may answer the same address for the same picture twice.
              <li key={i} className={styles.thumb}>
                <img src={ossUrl(url) ?? undefined} alt={`第${i + 1}张图片`} />
                <button type="button" className={styles.remove} aria-label={`删除第${i + 1}张图片`} onClick={() => onChange((prev) => prev.filter((_, at) => at !== i))}>
                  ×
                </button>
              </li>
            ))}
            {uploading.map((u) => (
              <li key={u.key} className={`${styles.thumb} ${styles.thumbBusy}`} title={u.name}>
                <span className={styles.thumbSpinner} aria-hidden="true" />
                <span>上传中…</span>
              </li>
            ))}
            {signedIn && room > 0 && (
              <li>
                <label className={styles.addTile}>
                  <input
                    type="file"
                    accept="image/*"
                    multiple
                    aria-label="选择图片"
                    className={styles.fileInput}
                    onChange={(e) => {
                      const files = [...(e.target.files ?? [])];
                      e.target.value = '';
                      void add(files);
                    }}
                  />
                  <PlusIcon size={22} />
                  <span>添加图片</span>
                </label>
              </li>
            )}
          </ul>
        )}
        {!signedIn && (
          <p className={styles.signInNote}>
            登录后可上传图片（最多{MAX_IMAGES}张），便于我们了解问题。
            <SignInLink className={buttonLook('link')}>登录</SignInLink>
          </p>
        )}
        <div id={messageId}>
          {messages.length > 0
            ? messages.map((m, i) => (
                <p key={i} className={styles.error} role="alert">
                  {m}
                </p>
              ))
            : signedIn && <p className={styles.hint}>选填，最多{MAX_IMAGES}张，可附上页面截图</p>}
        </div>
      </div>
    </div>
  );
}
