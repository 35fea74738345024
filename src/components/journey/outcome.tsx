/**
 * How a step ends, centred in the page: a big mark (done, waiting, not done, sign in), a title,
 * what it means, and the links onward. Used by every step of the journey that stops the flow.
 */
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styles from './journey.module.css';

type Kind = 'success' | 'waiting' | 'failed' | 'signin';

function OutcomeIcon({ kind }: { kind: Kind }) {
  return (
    <svg className={`${styles.outcomeIcon} ${styles[`outcome-${kind}`]}`} width="64" height="64" viewBox="0 0 64 64" aria-hidden="true">
      <circle cx="32" cy="32" r="30" fill="currentColor" />
      {kind === 'success' && <path d="m19 33 9 9 17-19" fill="none" stroke="#fff" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" />}
      {kind === 'waiting' && <path d="M32 17v16l10 6" fill="none" stroke="#fff" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" />}
      {kind === 'failed' && <path d="m22 22 20 20m0-20L22 42" fill="none" stroke="#fff" strokeWidth="5" strokeLinecap="round" />}
      {kind === 'signin' && (
        <g fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round">
          <circle cx="32" cy="25" r="8" />
          <path d="M18 47a14 14 0 0 1 28 0" />
        </g>
      )}
    </svg>
  );
}

/** A way onward from an outcome: where it goes and what its link says. */
export interface Way {
  to: string;
  label: string;
}

/**
 * `onward` are the links onward, the first the main one and the rest secondary (null: not on this
 * outcome); `actions` is anything else to do there (a button).
 */
export function Outcome({ kind, title, children, actions, onward = [] }: { kind: Kind; title: string; children?: ReactNode; actions?: ReactNode; onward?: readonly (Way | null)[] }) {
  const titleId = useId();
  const ways = onward.filter((way) => way !== null);
  return (
    <section className={styles.outcome} aria-labelledby={titleId}>
      <OutcomeIcon kind={kind} />
      <h2 id={titleId} className={styles.outcomeTitle}>
        {title}
      </h2>
      {children && <div className={styles.outcomeText}>{children}</div>}
      {(actions || ways.length > 0) && (
        <div className={styles.outcomeActions}>
          {actions}
          {ways.map((way, i) => (
            <LinkButton key={way.to} to={way.to} variant={i === 0 ? 'primary' : 'secondary'}>
              {way.label}
            </LinkButton>
          ))}
        </div>
      )}
    </section>
  );
}

/** A link that looks like a button (the way onward from an outcome). */
export function LinkButton({ to, variant = 'primary', children }: { to: string; variant?: 'primary' | 'secondary'; children: ReactNode }) {
  return (
    <Link className={variant === 'primary' ? styles.buttonLink : styles.buttonLinkSecondary} to={to}>
      {children}
    </Link>
  );
}
