/**
 * A cover picture that leaves its (tinted) box empty when the file cannot be loaded, instead of
 * the browser's broken-image icon.
 */
import { useState, type ImgHTMLAttributes } from 'react';
import styles from './class-card.module.css';

export function CoverImage({ className = '', ...props }: ImgHTMLAttributes<HTMLImageElement>) {
  const [failedSrc, setFailedSrc] = useState<string | undefined>(undefined);
  const broken = failedSrc !== undefined && failedSrc === props.src;
  return <img {...props} className={`${className} ${broken ? styles.broken : ''}`} onError={() => setFailedSrc(props.src)} />;
}
