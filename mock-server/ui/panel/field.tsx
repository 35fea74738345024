/** The controls the mock's panels share (the browser's and the standalone server's): a labelled field, a tab's form and its submit button. */
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

/** A form of a tab, on the panel's grid: submitting it runs `onSubmit` and the page stays. */
export function TabForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      className={classes.grid}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}

/** The button that submits a TabForm, at the end of its row (`wide`: a row of its own). */
export function SubmitButton({ children, primary = true, wide }: { children: ReactNode; primary?: boolean; wide?: boolean }) {
  return (
    <div className={`${classes.field} ${classes.end}${wide ? ` ${classes.wide}` : ''}`}>
      <button type="submit" className={primary ? classes.primary : undefined}>
        {children}
      </button>
    </div>
  );
}
