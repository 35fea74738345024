/** A round avatar; the default image is the initial on green (the spec: default avatar when absent). */
import { useState } from 'react';
import styles from './avatar.module.css';

export function Avatar({ src, name, size = 32 }: { src: string | null; name: string; size?: number }) {
  const [broken, setBroken] = useState(false);
  const style = { width: size, height: size, fontSize: Math.round(size * 0.45) };
  if (src && !broken) return <img className={styles.avatar} style={style} src={src} alt="" onError={() => setBroken(true)} />;
  return (
    <span className={`${styles.avatar} ${styles.avatarDefault}`} style={style} aria-hidden="true">
      {name.slice(0, 1)}
    </span>
  );
}
