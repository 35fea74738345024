/**
 * The kinds of collection as tabs (WAI-ARIA tabs: one tab stop, arrow keys move and choose,
 * Home and End jump to the ends).
 */
import { useRef, type KeyboardEvent } from 'react';
import type { Data } from '../../lib/api/queries.ts';
import styles from './collections.module.css';

export type CollectionKind = Data<'get_collection_type'>['list'][number];

export const tabIds = (value: number) => ({ tab: `collect-tab-${value}`, panel: `collect-panel-${value}` });

export function CollectionTabs({ kinds, active, onChange }: { kinds: CollectionKind[]; active: number; onChange: (value: CollectionKind['value']) => void }) {
  const list = useRef<HTMLDivElement>(null);

  function onKeyDown(event: KeyboardEvent) {
    const index = kinds.findIndex((k) => k.value === active);
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: kinds.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = kinds[(moves[event.key]! + kinds.length) % kinds.length]!;
    onChange(next.value);
    list.current?.querySelector<HTMLButtonElement>(`#${tabIds(next.value).tab}`)?.focus();
  }

  return (
    <div role="tablist" aria-label="收藏分类" className={styles.tabs} ref={list} tabIndex={-1} onKeyDown={onKeyDown}>
      {kinds.map((kind) => {
        const selected = kind.value === active;
        return (
          <button
            key={kind.value}
            type="button"
            role="tab"
            id={tabIds(kind.value).tab}
            aria-selected={selected}
            // Only the chosen kind's panel is in the page.
            aria-controls={selected ? tabIds(kind.value).panel : undefined}
            tabIndex={selected ? 0 : -1}
            className={styles.tab}
            onClick={() => onChange(kind.value)}
          >
            {kind.label}
          </button>
        );
      })}
    </div>
  );
}
