/** A round avatar: the image, or the default image when there is none or it does not load (spec §3). */
import { useState } from 'react';
import styles from './avatar.module.css';

export function Avatar({ src, size = 32 }: { src: string | null; size?: number }) {
  const [broken, setBroken] = useState<string | null>(null);
  if (!src || broken === src) return <DefaultAvatar size={size} />;
  return <img className={styles.avatar} style={{ width: size, height: size }} src={src} alt="" onError={() => setBroken(src)} />;
}

/**
 * The default image (a figure on the theme's green), the same for parents and children: drawn in
 * the page, not a file, so a signed-in page asks for no extra file (e2e/prod/chunks.spec.ts) and no
 * `data:` address appears in the document (src/app/backend-links.test.tsx).
 */
function DefaultAvatar({ size }: { size: number }) {
  return (
    <svg className={styles.avatar} width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" data-avatar="default">
      <circle cx="32" cy="32" r="32" fill="#e8f6ee" />
      <circle cx="32" cy="25" r="11" fill="#14783d" />
      <path d="M12 55c3-11 11-16 20-16s17 5 20 16a32 32 0 0 1-40 0z" fill="#14783d" />
    </svg>
  );
}
