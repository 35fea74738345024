/**
 * The search page's filter panel: one row of choices per filter of search_by_screening_conditions.
 * Every choice is a toggle button (aria-pressed); choosing changes the address, which is the
 * search (search-params.ts). Below 1200px the rows fold under 筛选条件. Each choice, the fee range
 * and the fold work as HTML before the scripts load (decision 074): a choice is the submit button
 * of a GET form to its search, the fold a checkbox its label opens.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { MAX_YUAN, fenOf, yuanOf, type Fen } from '#contract/fen';
import { admissionKind, timeOfDay, weekday } from '#contract/coded-values';
import { Button } from '../../components/ui/button.tsx';
import { ChevronDown } from '../../components/ui/icons.tsx';
import { AGE_CHOICES, FEE_RANGES } from './filter-labels.ts';
import { href, searchParamsOf } from '#src/lib/routes.ts';
import { SearchButton, SearchFields } from './search-button.tsx';
import { withFilters, type SearchState } from './search-params.ts';
import styles from './search.module.css';

type Choice<V> = { value: V | undefined; label: string };

/** A filter's value as the address writes it (the route table's writing). */
const wireValue = (key: keyof SearchState, value: unknown) => searchParamsOf('search', { [key]: value } as SearchState).get(key) ?? undefined;

/**
 * One filter's choices. Before the scripts, the row is a GET form to the search with every other
 * filter (hidden fields) and each choice a submit button carrying its value (decision 074).
 */
function ChoiceRow<K extends keyof SearchState>({
  label,
  name,
  choices,
  state,
  onChoose,
  extra,
}: {
  label: string;
  name: K;
  choices: Choice<NonNullable<SearchState[K]>>[];
  state: SearchState;
  onChoose: (value: SearchState[K] | undefined) => void;
  extra?: ReactNode;
}) {
  const id = useId();
  const value = state[name];
  return (
    <div className={styles.row} role="group" aria-labelledby={id}>
      <span id={id} className={styles.rowLabel}>
        {label}
      </span>
      <form method="get" action={href('search')} className={styles.choices} onSubmit={(event) => event.preventDefault()}>
        <SearchFields state={withFilters(state, { [name]: undefined })} />
        {choices.map((choice) => (
          <button
            key={String(choice.value ?? 'all')}
            type="submit"
            name={choice.value === undefined ? undefined : name}
            value={choice.value === undefined ? undefined : wireValue(name, choice.value)}
            className={styles.choice}
            aria-pressed={choice.value === value}
            onClick={(event) => {
              event.preventDefault();
              onChoose(choice.value);
            }}
          >
            {choice.label}
          </button>
        ))}
        {extra}
      </form>
    </div>
  );
}

/** A fee range the parent types; kept as typed, and explained beside it when it cannot be. */
function FeeRangeForm({ min, max, base, onApply }: { min: Fen | undefined; max: Fen | undefined; base: SearchState; onApply: (min: Fen | undefined, max: Fen | undefined) => void }) {
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
    // Before the scripts, the range goes in the address as typed (yuan, as the address holds it).
    <form className={styles.feeForm} method="get" action={href('search')} onSubmit={submit} noValidate>
      <SearchFields state={base} />
      <FeeInput name="fee_min" placeholder="最低" label="最低金额（元）" value={from} onChange={setFrom} invalid={invalid} />
      <span aria-hidden="true">-</span>
      <FeeInput name="fee_max" placeholder="最高" label="最高金额（元）" value={to} onChange={setTo} invalid={invalid} />
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
  /** The search a change leads to (a form's, before the scripts), and a row's props. */
  const to = (patch: Partial<SearchState>) => withFilters(state, patch);
  const row = <K extends keyof SearchState>(name: K) => ({ name, state, onChoose: (value: SearchState[K] | undefined) => onChange({ [name]: value }) });
  const presetOn = FEE_RANGES.some((r) => r.fee_min === state.fee_min && r.fee_max === state.fee_max);
  const feeKey = `${state.fee_min ?? ''}-${state.fee_max ?? ''}`;
  const feeLabelId = useId();
  const bodyId = useId();
  // Below 1200px the rows fold under a button (decision 050): on a phone they would push the classes a screen down.
  const [unfolded, setUnfolded] = useState(false);
  const foldId = useId();
  return (
    <section className={styles.filters} aria-label="筛选条件" data-unfolded={unfolded}>
      {/* A checkbox and its label: it opens before the scripts have loaded too (CSS :checked). */}
      <input id={foldId} type="checkbox" className={`${styles.foldToggle} visually-hidden`} aria-controls={bodyId} checked={unfolded} onChange={(e) => setUnfolded(e.target.checked)} />
      <label htmlFor={foldId} className={styles.fold}>
        筛选条件
        <ChevronDown size={16} />
      </label>
      <div id={bodyId} className={styles.filterRows}>
        <ChoiceRow label="中心" choices={[all('全部'), ...centers.map((c) => ({ value: c.id, label: c.name }))]} {...row('center')} />
        {state.center !== undefined && specialties && specialties.length > 0 && (
          <ChoiceRow label="专业" choices={[all('全部'), ...specialties.map((s) => ({ value: s.id, label: s.name }))]} {...row('specialty')} />
        )}
        <ChoiceRow
          label="年龄"
          choices={[all(), ...AGE_CHOICES.map((age) => ({ value: age, label: `${age}岁` }))]}
          {...row('age')}
          extra={
            childAge && (
              <button
                type="submit"
                name="age"
                value={childAge.age}
                className={`${styles.choice} ${styles.childChoice}`}
                disabled={state.age === childAge.age}
                onClick={(event) => {
                  event.preventDefault();
                  onChange({ age: childAge.age });
                }}
              >
                按{childAge.name}的年龄（{childAge.age}岁）
              </button>
            )
          }
        />
        {/* Short rows in pairs, so the classes start higher on the page. */}
        <div className={styles.pair}>
          <ChoiceRow label="上课日" choices={[all(), ...weekday.options]} {...row('weekday')} />
          <ChoiceRow label="上课时段" choices={[all(), ...timeOfDay.options]} {...row('time_of_day')} />
        </div>
        <div className={styles.row} role="group" aria-labelledby={feeLabelId}>
          <span id={feeLabelId} className={styles.rowLabel}>
            费用
          </span>
          <div className={styles.choices}>
            <SearchButton
              target={to({ fee_min: undefined, fee_max: undefined })}
              onChoose={() => onChange({ fee_min: undefined, fee_max: undefined })}
              className={styles.choice}
              aria-pressed={state.fee_min === undefined && state.fee_max === undefined}
            >
              不限
            </SearchButton>
            {FEE_RANGES.map((range) => (
              <SearchButton
                key={range.label}
                target={to({ fee_min: range.fee_min, fee_max: range.fee_max })}
                onChoose={() => onChange({ fee_min: range.fee_min, fee_max: range.fee_max })}
                className={styles.choice}
                aria-pressed={range.fee_min === state.fee_min && range.fee_max === state.fee_max}
              >
                {range.label}
              </SearchButton>
            ))}
            {/* Keyed by the address's range: removing the fee tag empties what was typed too. */}
            <FeeRangeForm
              key={presetOn ? 'preset' : feeKey}
              min={presetOn ? undefined : state.fee_min}
              max={presetOn ? undefined : state.fee_max}
              base={to({ fee_min: undefined, fee_max: undefined })}
              onApply={(fee_min, fee_max) => onChange({ fee_min, fee_max })}
            />
          </div>
        </div>
        <div className={styles.pair}>
          <ChoiceRow label="招生方式" choices={[all(), ...admissionKind.options]} {...row('admission_kind')} />
          <form className={styles.row} method="get" action={href('search')} onSubmit={(e) => e.preventDefault()}>
            <SearchFields state={to({ available: undefined })} />
            <span className={styles.rowLabel}>其他</span>
            <label className={styles.check}>
              <input type="checkbox" name="available" value="true" checked={state.available === true} onChange={(e) => onChange({ available: e.target.checked || undefined })} />
              只看可报名的班级
            </label>
            {/* Without script a checkbox changes nothing by itself: its button sends it. */}
            <noscript>
              <button type="submit" className={styles.choice}>
                只看可报名
              </button>
            </noscript>
          </form>
        </div>
      </div>
    </section>
  );
}

/** One end of the fee range, in whole yuan. */
function FeeInput({ name, placeholder, label, value, onChange, invalid }: { name: string; placeholder: string; label: string; value: string; onChange: (value: string) => void; invalid: object }) {
  return (
    <input
      name={name}
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
