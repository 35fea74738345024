/**
 * The search page's filter panel: one row of choices per filter of search_by_screening_conditions.
 * Every choice is a toggle button (aria-pressed); choosing changes the address, which is the
 * search (search-params.ts). Below 1200px the rows fold under a 筛选条件 button.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { MAX_YUAN, admissionKind, timeOfDay, weekday, fenOf, yuanOf, type Fen } from '#contract/index';
import { Button } from '../../components/ui/button.tsx';
import { ChevronDown } from '../../components/ui/icons.tsx';
import { AGE_CHOICES, FEE_RANGES } from './filter-labels.ts';
import type { SearchState } from './search-params.ts';
import styles from './search.module.css';

type Choice<V> = { value: V | undefined; label: string };

function ChoiceRow<V extends string | number>({
  label,
  choices,
  value,
  onChoose,
  extra,
}: {
  label: string;
  choices: Choice<V>[];
  value: V | undefined;
  onChoose: (value: V | undefined) => void;
  extra?: ReactNode;
}) {
  const id = useId();
  return (
    <div className={styles.row} role="group" aria-labelledby={id}>
      <span id={id} className={styles.rowLabel}>
        {label}
      </span>
      <div className={styles.choices}>
        {choices.map((choice) => (
          <button key={String(choice.value ?? 'all')} type="button" className={styles.choice} aria-pressed={choice.value === value} onClick={() => onChoose(choice.value)}>
            {choice.label}
          </button>
        ))}
        {extra}
      </div>
    </div>
  );
}

/** A fee range the parent types; kept as typed, and explained beside it when it cannot be. */
function FeeRangeForm({ min, max, onApply }: { min: Fen | undefined; max: Fen | undefined; onApply: (min: Fen | undefined, max: Fen | undefined) => void }) {
  // The parent types yuan; the search holds fen.
  const [from, setFrom] = useState(min === undefined ? '' : String(yuanOf(min)));
  const [to, setTo] = useState(max === undefined ? '' : String(yuanOf(max)));
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const low = from.trim() === '' ? undefined : Number(from);
    const high = to.trim() === '' ? undefined : Number(to);
    if ([low, high].some((n) => n !== undefined && (!Number.isFinite(n) || n < 0))) return setError('请输入不小于0的金额');
    // An ID number typed in the box is no fee: beyond what whole fen can count, the search would break.
    if ([low, high].some((n) => n !== undefined && n > MAX_YUAN)) return setError('金额过大，请输入正确的金额');
    if (low !== undefined && high !== undefined && low > high) return setError('最低金额不能高于最高金额');
    setError(null);
    onApply(low === undefined ? undefined : fenOf(low), high === undefined ? undefined : fenOf(high));
  }

  const invalid = error ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};
  return (
    <form className={styles.feeForm} onSubmit={submit} noValidate>
      <FeeInput placeholder="最低" label="最低金额（元）" value={from} onChange={setFrom} invalid={invalid} />
      <span aria-hidden="true">-</span>
      <FeeInput placeholder="最高" label="最高金额（元）" value={to} onChange={setTo} invalid={invalid} />
      <span className={styles.feeUnit}>元</span>
      <Button type="submit" variant="secondary" size="sm">
        确定
      </Button>
      {error && (
        <span id={errorId} className={styles.feeError} role="alert">
          {error}
        </span>
      )}
    </form>
  );
}

export function SearchFilters({
  state,
  centers,
  specialties,
  childAge,
  onChange,
}: {
  state: SearchState;
  centers: { id: number; name: string }[];
  /** The chosen center's specialties; null while there is no center or they are loading. */
  specialties: { id: number; name: string }[] | null;
  /** The selected child's age, offered as a shortcut. */
  childAge: { name: string; age: number } | null;
  onChange: (patch: Partial<SearchState>) => void;
}) {
  const all = (label = '不限') => ({ value: undefined, label });
  const presetOn = FEE_RANGES.some((r) => r.fee_min === state.fee_min && r.fee_max === state.fee_max);
  const feeKey = `${state.fee_min ?? ''}-${state.fee_max ?? ''}`;
  const feeLabelId = useId();
  const bodyId = useId();
  // Below 1200px the rows fold under a button (decision 050): on a phone they would push the classes a screen down.
  const [unfolded, setUnfolded] = useState(false);
  return (
    <section className={styles.filters} aria-label="筛选条件" data-unfolded={unfolded}>
      <button type="button" className={styles.fold} aria-expanded={unfolded} aria-controls={bodyId} onClick={() => setUnfolded(!unfolded)}>
        筛选条件
        <ChevronDown size={16} />
      </button>
      <div id={bodyId} className={styles.filterRows}>
        <ChoiceRow label="中心" choices={[all('全部'), ...centers.map((c) => ({ value: c.id, label: c.name }))]} value={state.center} onChoose={(center) => onChange({ center })} />
        {state.center !== undefined && specialties && specialties.length > 0 && (
          <ChoiceRow label="专业" choices={[all('全部'), ...specialties.map((s) => ({ value: s.id, label: s.name }))]} value={state.specialty} onChoose={(specialty) => onChange({ specialty })} />
        )}
        <ChoiceRow
          label="年龄"
          choices={[all(), ...AGE_CHOICES.map((age) => ({ value: age, label: `${age}岁` }))]}
          value={state.age}
          onChoose={(age) => onChange({ age })}
          extra={
            childAge && (
              <button type="button" className={`${styles.choice} ${styles.childChoice}`} onClick={() => onChange({ age: childAge.age })} disabled={state.age === childAge.age}>
                按{childAge.name}的年龄（{childAge.age}岁）
              </button>
            )
          }
        />
        {/* Short rows in pairs, so the classes start higher on the page. */}
        <div className={styles.pair}>
          <ChoiceRow label="上课日" choices={[all(), ...weekday.options]} value={state.weekday} onChoose={(value) => onChange({ weekday: value })} />
          <ChoiceRow label="上课时段" choices={[all(), ...timeOfDay.options]} value={state.time_of_day} onChoose={(value) => onChange({ time_of_day: value })} />
        </div>
        <div className={styles.row} role="group" aria-labelledby={feeLabelId}>
          <span id={feeLabelId} className={styles.rowLabel}>
            费用
          </span>
          <div className={styles.choices}>
            <button
              type="button"
              className={styles.choice}
              aria-pressed={state.fee_min === undefined && state.fee_max === undefined}
              onClick={() => onChange({ fee_min: undefined, fee_max: undefined })}
            >
              不限
            </button>
            {FEE_RANGES.map((range) => (
              <button
                key={range.label}
                type="button"
                className={styles.choice}
                aria-pressed={range.fee_min === state.fee_min && range.fee_max === state.fee_max}
                onClick={() => onChange({ fee_min: range.fee_min, fee_max: range.fee_max })}
              >
                {range.label}
              </button>
            ))}
            {/* Keyed by the address's range: removing the fee tag empties what was typed too. */}
            <FeeRangeForm
              key={presetOn ? 'preset' : feeKey}
              min={presetOn ? undefined : state.fee_min}
              max={presetOn ? undefined : state.fee_max}
              onApply={(fee_min, fee_max) => onChange({ fee_min, fee_max })}
            />
          </div>
        </div>
        <div className={styles.pair}>
          <ChoiceRow label="招生方式" choices={[all(), ...admissionKind.options]} value={state.admission_kind} onChoose={(value) => onChange({ admission_kind: value })} />
          <div className={styles.row}>
            <span className={styles.rowLabel}>其他</span>
            <label className={styles.check}>
              <input type="checkbox" checked={state.available === true} onChange={(e) => onChange({ available: e.target.checked || undefined })} />
              只看可报名的班级
            </label>
          </div>
        </div>
      </div>
    </section>
  );
}

/** One end of the fee range, in whole yuan. */
function FeeInput({ placeholder, label, value, onChange, invalid }: { placeholder: string; label: string; value: string; onChange: (value: string) => void; invalid: object }) {
  return (
    <input
      className={styles.feeInput}
      type="number"
      min={0}
      step={100}
      inputMode="numeric"
      placeholder={placeholder}
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      {...invalid}
    />
  );
}
