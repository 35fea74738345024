/** A labelled control of the mock's panels (the browser's and the standalone server's). */
import type { ReactNode } from 'react';
import classes from './panel.module.css';

export function Field({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <label className={wide ? `${classes.field} ${classes.wide}` : classes.field}>
      <span>{label}</span>
      {children}
    </label>
  );
}
