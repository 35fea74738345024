/**
 * Which child to sign up: the parent's passed children as radio cards. The age range is only a
 * hint here; the backend decides (and says why) when the form is sent.
 */
import { gender, type contactSummarySchema } from '#contract/index';
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
          const fits = child.age >= ageRange.min && child.age <= ageRange.max;
          return (
            <label key={child.id} className={`${styles.childOption} ${child.id === value ? styles.childChosen : ''}`}>
              <input type="radio" name="sign-up-child" value={child.id} checked={child.id === value} disabled={disabled} onChange={() => onChange(child.id)} />
              <span className={styles.childName}>{child.name}</span>
              <span className={styles.childMeta}>
                {gender.label(child.gender)} · {child.age}岁
              </span>
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
