/** The standalone server's control API as the panel at /__mock/ui calls it: every call names the panel's world. */
import { MOCK_WORLD_HEADER } from '#contract/mock-address';
import type { JournalEntry } from '../../core/journal.ts';

export interface WorldSummary {
  name: string;
  scenario: string;
  seed: number;
  now: string;
  created_at: string;
  last_used_at: string;
  requests: number;
}
export interface SnapshotSummary {
  name: string;
  taken_at: string;
  scenario: string;
  seed: number;
  now: string;
  bytes: number;
  world: string | null;
}
export type { JournalEntry };

export const WORLD_KEY = '__mock:ui-world';

/** A call of /__mock/ in `world`; throws the server's Chinese message when it refuses. */
export async function control<T>(world: string, method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`/__mock/${path}`, {
    method,
    headers: { [MOCK_WORLD_HEADER]: world, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as T & { error?: string };
  if (!response.ok) throw new Error(json.error ?? `HTTP ${response.status}`);
  return json;
}

export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
export const shortTime = (iso: string) => iso.slice(5, 19).replace('T', ' ');
