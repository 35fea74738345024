/**
 * A cover picture that leaves its (tinted) box empty when the file cannot be loaded or has no
 * address, instead of the browser's broken-image icon.
 */
import { useState, type ImgHTMLAttributes } from 'react';
import styles from './class-card.module.css';

/** A class's cover; `alt` is required (an empty string when the class name is next to it). */
export function CoverImage({ className = '', alt, ...props }: ImgHTMLAttributes<HTMLImageElement> & { alt: string }) {
  const [failedSrc, setFailedSrc] = useState<string | undefined>(undefined);
  // No address (none given, or none that is a link) is shown as one that failed to load.
  const broken = !props.src || (failedSrc !== undefined && failedSrc === props.src);
  return <img {...props} alt={alt} className={`${className} ${broken ? styles.broken : ''}`} onError={() => setFailedSrc(props.src)} />;
}
