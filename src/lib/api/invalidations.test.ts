import { QueryObserver, type QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { errorCodes, operations, type OperationId } from '#contract/index';
import { createErrorEffects } from './error-effects.ts';
import { applyInvalidations, invalidations, type Invalidation } from './invalidations.ts';
import { ApiError } from './outcome.ts';
import { apiKeys } from './queries.ts';
import { createQueryClient } from './query-client.ts';

function setup() {
  const ports = { toastError: vi.fn(), goHome: vi.fn(), relogin: vi.fn(), log: vi.fn() };
  return createQueryClient(createErrorEffects(ports));
}

/** A query of `id` shown on the page (an observer), answering with a counter of its fetches. */
async function shown(queryClient: QueryClient, id: OperationId, input: unknown = {}) {
  const queryFn = vi.fn(async () => ({ fetched: queryFn.mock.calls.length }));
  const observer = new QueryObserver(queryClient, { queryKey: apiKeys.call(id as never, input as never), queryFn, staleTime: Infinity });
  const stop = observer.subscribe(() => {});
  await vi.waitFor(() => expect(queryFn).toHaveBeenCalledTimes(1));
  return { queryFn, stop, query: () => queryClient.getQueryCache().find({ queryKey: apiKeys.call(id as never, input as never) }) };
}

/** A query of `id` in the cache that no page shows now. */
async function cached(queryClient: QueryClient, id: OperationId, input: unknown = {}) {
  await queryClient.prefetchQuery({ queryKey: apiKeys.call(id as never, input as never), queryFn: async () => ({}), staleTime: Infinity });
  return () => queryClient.getQueryCache().find({ queryKey: apiKeys.call(id as never, input as never) });
}

/** Runs a mutation of `id` the way useApiMutation does (its key names the operation). */
function mutate(queryClient: QueryClient, id: OperationId, outcome: 'ok' | { refusal: keyof typeof errorCodes } | 'network') {
  const mutationFn = async () => {
    if (outcome === 'ok') return {};
    if (outcome === 'network') throw new ApiError(id, { kind: 'network', message: 'offline' });
    const entry = errorCodes[outcome.refusal];
    throw new ApiError(id, { kind: 'business', status: 200, code: entry.code, msg: entry.message, data: null });
  };
  const mutation = queryClient.getMutationCache().build(queryClient, { mutationKey: apiKeys.operation(id), mutationFn, meta: { errorHandling: 'log' } });
  return mutation.execute({}).catch(() => undefined);
}

describe('the invalidation table', () => {
  it('is keyed by operations and names only queries (GETs)', () => {
    for (const [id, entry] of Object.entries(invalidations) as [string, Invalidation][]) {
      expect(operations, id).toHaveProperty(id);
      for (const listed of [...(entry.refetch ?? []), ...(entry.stale ?? []), ...(entry.drop ?? [])]) {
        expect(operations[listed as OperationId]?.method, `${id} → ${listed}`).toBe('GET');
      }
    }
  });

  it('answers each mutation the app sends with the views it changes', () => {
    for (const id of ['sign_up_post', 'place_order', 'cancel_order', 'apply_refund', 'invoice_application', 'edit_personal_data'] as const) {
      expect(invalidations[id], id).toBeDefined();
    }
  });
});

describe('applied centrally', () => {
  it('asks the shown views again once a mutation succeeds, before it counts as done', async () => {
    const queryClient = setup();
    const list = await shown(queryClient, 'system_message_list', { query: { page: 1 } });
    const count = await shown(queryClient, 'system_message_is_see_num');
    await mutate(queryClient, 'system_message_all_read', 'ok');
    expect(list.queryFn).toHaveBeenCalledTimes(2);
    expect(count.queryFn).toHaveBeenCalledTimes(2);
  });

  it('leaves other views alone, and a refusal changes nothing unless the table says so', async () => {
    const queryClient = setup();
    const detail = await shown(queryClient, 'order_detail', { pathParams: { id: 1 } });
    const count = await shown(queryClient, 'system_message_is_see_num');
    await mutate(queryClient, 'system_message_all_read', 'ok');
    expect(detail.queryFn).toHaveBeenCalledTimes(1);
    await mutate(queryClient, 'system_message_all_read', { refusal: 'serverError' });
    expect(count.queryFn).toHaveBeenCalledTimes(2);
  });

  it('only marks stale what the page that changed it would only be refused for now', async () => {
    const queryClient = setup();
    const preview = await shown(queryClient, 'preview_refund_fee', { pathParams: { id: 5 } });
    await mutate(queryClient, 'apply_refund', 'ok');
    expect(preview.queryFn).toHaveBeenCalledTimes(1);
    expect(preview.query()?.state.isInvalidated).toBe(true);
  });

  it('drops what must not show its old answer while the next page loads', async () => {
    const queryClient = setup();
    const invoice = await cached(queryClient, 'query_invoice_detail', { pathParams: { id: 5 } });
    await mutate(queryClient, 'invoice_application', 'ok');
    expect(invoice()).toBeUndefined();
  });

  it('asks again after the refusals the table names (the state moved on meanwhile)', async () => {
    const queryClient = setup();
    const orders = await shown(queryClient, 'order_list', { query: { page: 1 } });
    await mutate(queryClient, 'cancel_order', { refusal: 'orderNotCancellable' });
    expect(orders.queryFn).toHaveBeenCalledTimes(2);
    await mutate(queryClient, 'cancel_order', 'network');
    expect(orders.queryFn).toHaveBeenCalledTimes(3);

    const pickers = await shown(queryClient, 'get_access_control_info', { pathParams: { id: 3 } });
    await mutate(queryClient, 'creat_access_control_info', { refusal: 'pickerDuplicate' });
    expect(pickers.queryFn).toHaveBeenCalledTimes(1);
    await mutate(queryClient, 'creat_access_control_info', { refusal: 'pickerLimit' });
    expect(pickers.queryFn).toHaveBeenCalledTimes(2);
  });

  it('follows a read that changes state (opening a message marks it read)', async () => {
    const queryClient = setup();
    const count = await shown(queryClient, 'system_message_is_see_num');
    await queryClient.fetchQuery({ queryKey: apiKeys.call('system_message_detail', { pathParams: { id: 4 } }), queryFn: async () => ({ content: '' }) });
    await vi.waitFor(() => expect(count.queryFn).toHaveBeenCalledTimes(2));
  });

  it('applies a payment when its trade is paid, not when the trade opens', async () => {
    const queryClient = setup();
    const detail = await shown(queryClient, 'order_detail', { pathParams: { id: 1 } });
    await mutate(queryClient, 'pay_sign_up', 'ok');
    expect(detail.queryFn).toHaveBeenCalledTimes(1);
    await applyInvalidations(queryClient, 'pay_sign_up', 'paid');
    expect(detail.queryFn).toHaveBeenCalledTimes(2);
  });

  it('marks the refund records stale after every change to a refund, and the fee after its payment', async () => {
    for (const id of ['apply_refund', 'activity_apply_refund', 'withdraw_refund'] as const) {
      const queryClient = setup();
      const records = await cached(queryClient, 'my_refund_list', { query: { page: 1 } });
      await mutate(queryClient, id, 'ok');
      expect(records()?.state.isInvalidated, id).toBe(true);
    }
    const queryClient = setup();
    const fee = await shown(queryClient, 'supply_fee_detail', { pathParams: { id: 3 } });
    await applyInvalidations(queryClient, 'pay_supply_fee', 'paid');
    expect(fee.queryFn).toHaveBeenCalledTimes(2);
  });
});
