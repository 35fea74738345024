/** The standalone server's control API as the panel at /__mock/ui calls it: every call names the panel's world. */
import { useEffect, useState } from 'react';
import { MOCK_WORLD_HEADER } from '#contract/mock-address';
import type { SnapshotSummary } from '../../control/snapshot-store.ts';
import type { JournalEntry } from '../../core/journal.ts';

export interface WorldSummary {
  name: string;
  scenario: string;
  seed: number;
  /** The snapshot it was loaded from; null: its scenario's own tables. */
  snapshot: string | null;
  now: string;
  created_at: string;
  last_used_at: string;
  requests: number;
}
export type { JournalEntry, SnapshotSummary };

/** A trade waiting for its result (GET /__mock/payments). */
export interface WaitingTrade {
  trade_no: string;
  order_id: number | null;
  order_no: string | null;
  supply_fee_id: number | null;
  /** Yuan, as the tables keep it. */
  amount: number;
  pay_type: 1 | 2;
  created_at: string;
  expire_at: string;
}

export const WORLD_KEY = '__mock:ui-world';

/** A call of /__mock/ in `world`; throws the server's Chinese message when it refuses. */
export async function control<T>(world: string, method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`/__mock/${path}`, {
    method,
    // A POST says it is JSON, body or none: the control API refuses any other (decision 075).
    headers: { [MOCK_WORLD_HEADER]: world, ...(method === 'POST' ? { 'Content-Type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as T & { error?: string };
  if (!response.ok) throw new Error(json.error ?? `HTTP ${response.status}`);
  return json;
}

export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
export const shortTime = (iso: string) => iso.slice(5, 19).replace('T', ' ');

/**
 * What a GET of /__mock/ answers in `world`, read again when the world changes, on `refresh()`,
 * and every `everyMs` if given; null until the first answer.
 */
export function useControlRead<T>(world: string, path: string, everyMs?: number): [T | null, () => void] {
  const [value, setValue] = useState<T | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const read = () => void control<T>(world, 'GET', path).then(setValue, () => undefined);
    read();
    if (!everyMs) return;
    const timer = setInterval(read, everyMs);
    return () => clearInterval(timer);
  }, [world, path, everyMs, version]);
  return [value, () => setVersion((v) => v + 1)];
}
