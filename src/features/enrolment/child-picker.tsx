/**
 * Which child to sign up: the parent's passed children as radio cards. The age range is only a
 * hint here; the backend decides (and says why) when the form is sent.
 */
import { gender } from '#contract/coded-values';
import type { contactSummarySchema } from '#contract/index';
import type { z } from 'zod';
import { Link } from 'react-router-dom';
import { PlusIcon } from '../../components/ui/icons.tsx';
import styles from './journey.module.css';
import { href } from '#src/lib/routes.ts';

export type Child = z.output<typeof contactSummarySchema>;

export function ChildPicker({
  kids,
  value,
  onChange,
  ageRange,
  disabled = false,
}: {
  kids: Child[];
  value: number | null;
  onChange: (id: number) => void;
  ageRange: { min: number; max: number };
  disabled?: boolean;
}) {
  return (
    <div className={styles.childPicker}>
      <div role="radiogroup" aria-label="报名孩子" className={styles.childOptions}>
        {kids.map((child) => {
          // An age the backend did not send is the backend's to judge (decision 073).
          const fits = child.age === undefined || (child.age >= ageRange.min && child.age <= ageRange.max);
          const facts = [child.gender !== undefined && gender.label(child.gender), child.age !== undefined && `${child.age}岁`].filter(Boolean);
          return (
            <label key={child.id} className={`${styles.childOption} ${child.id === value ? styles.childChosen : ''}`}>
              <input type="radio" name="sign-up-child" value={child.id} checked={child.id === value} disabled={disabled} onChange={() => onChange(child.id)} />
              <span className={styles.childName}>{child.name}</span>
              {facts.length > 0 && <span className={styles.childMeta}>{facts.join(' · ')}</span>}
              {!fits && (
                <span className={styles.childWarn}>
                  年龄不在{ageRange.min}-{ageRange.max}岁范围内
                </span>
              )}
            </label>
          );
        })}
        <Link to={href('children')} className={styles.addChild}>
          <PlusIcon size={16} />
          添加孩子
        </Link>
      </div>
    </div>
  );
}
