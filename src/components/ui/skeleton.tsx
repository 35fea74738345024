/**
 * Skeletons: a data area's place held at its final size while its call is out, so nothing moves
 * when the data lands (issue 9, decision 025). An area says once, to assistive technology, what
 * is loading; its bones are only shapes.
 */
import type { CSSProperties, ReactNode } from 'react';
import styles from './skeleton.module.css';

export function SkeletonArea({ label, className, children }: { label: string; className?: string; children?: ReactNode }) {
  return (
    <div className={className} role="status" aria-busy="true" aria-label={label}>
      <span className="visually-hidden">{label}</span>
      {children}
    </div>
  );
}

/**
 * The one skeleton look (static grey, no shimmer repainting while the page starts, decision 027),
 * for a shape whose size its own CSS module gives. Applied here rather than by a CSS module's
 * `composes … from`, which Vite's PostCSS pass warns about on every build.
 */
export const boneClassName = styles.bone;

/** One grey shape; width and height as CSS takes them (a number is pixels). */
export function Bone({ width = '100%', height, className = '', style }: { width?: CSSProperties['width']; height: CSSProperties['height']; className?: string; style?: CSSProperties }) {
  return <span aria-hidden="true" className={`${styles.bone} ${className}`} style={{ width, height, ...style }} />;
}
