/**
 * What each call changes, declared once in invalidation-table.ts: after it, which answers the cache
 * may no longer trust. The query client applies the table (query-client.ts): a mutation's entry when it succeeds (and
 * after the refusals it names), a read's entry when it answers (a read that changes state), before
 * the caller's own onSuccess runs, so a mutation counts as done once the views it changed are fresh.
 * No component lists query keys to invalidate (eslint.config.js forbids it outside lib/api/).
 */
import type { QueryClient } from '@tanstack/react-query';
import { errorCodes } from '#contract/error-codes';
import type { OperationId } from '#contract/index';
import { invalidations, type Invalidation } from './invalidation-table.ts';
import { isApiError } from './outcome.ts';
import { apiKeys } from './queries.ts';

export { invalidations, type Invalidation };

const table: { [Id in OperationId]?: Invalidation } = invalidations;

/** Whether a failure is one of the refusals an entry names. */
function changedAnyway(entry: Invalidation, error: unknown): boolean {
  if (!entry.onRefusal) return false;
  if (entry.onRefusal === 'any') return true;
  if (!isApiError(error)) return false;
  const { failure } = error;
  if (failure.kind !== 'business' && failure.kind !== 'http') return false;
  return entry.onRefusal.some((name) => errorCodes[name].code === failure.code);
}

/**
 * Applies the entry of `id`: after it answered ('answered'), was refused ('refused', with the
 * error), or, for a payment, when its trade is paid ('paid'). Resolves once the shown views are
 * fresh.
 */
export async function applyInvalidations(queryClient: QueryClient, id: OperationId, outcome: 'answered' | 'paid'): Promise<void>;
export async function applyInvalidations(queryClient: QueryClient, id: OperationId, outcome: 'refused', error: unknown): Promise<void>;
export async function applyInvalidations(queryClient: QueryClient, id: OperationId, outcome: 'answered' | 'paid' | 'refused', error?: unknown): Promise<void> {
  const entry = table[id];
  if (!entry) return;
  if ((entry.when === 'paid') !== (outcome === 'paid')) return;
  if (outcome === 'refused' && !changedAnyway(entry, error)) return;
  for (const dropped of entry.drop ?? []) queryClient.removeQueries({ queryKey: apiKeys.operation(dropped) });
  await Promise.all([
    ...(entry.stale ?? []).map((stale) => queryClient.invalidateQueries({ queryKey: apiKeys.operation(stale), refetchType: 'none' })),
    ...(entry.refetch ?? []).map((shown) => queryClient.invalidateQueries({ queryKey: apiKeys.operation(shown) })),
  ]);
}

/** The operation a react-query key names (['api', id, …]), if any. */
export function operationOfKey(key: readonly unknown[] | undefined): OperationId | null {
  return key && key[0] === apiKeys.all[0] && typeof key[1] === 'string' ? (key[1] as OperationId) : null;
}
