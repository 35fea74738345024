import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { operationList } from '#contract/index';
import { apiUrl, fail, http, ok, server } from '../../test/api-server.ts';
import { createErrorEffects } from './error-effects.ts';
import { api, apiKeys, apiQueryOptions, useApiMutation, useApiQuery } from './queries.ts';
import { createQueryClient } from './query-client.ts';

const url = (path: string) => apiUrl(path, location.origin);

function setup() {
  const ports = { toastError: vi.fn(), goHome: vi.fn(), relogin: vi.fn(), log: vi.fn() };
  const queryClient = createQueryClient(createErrorEffects(ports));
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return { ports, queryClient, wrapper };
}

describe('derived from the contract', () => {
  it('offers query options for every GET and mutation options for every other method', () => {
    for (const op of operationList) {
      const endpoint = (api as unknown as Record<string, Record<string, unknown>>)[op.id];
      expect(endpoint?.id, op.id).toBe(op.id);
      expect(typeof endpoint?.[op.method === 'GET' ? 'queryOptions' : 'mutationOptions'], op.id).toBe('function');
    }
  });

  it('hands out one endpoint per operation, the same each time', () => {
    expect(api.class_detail).toBe(api.class_detail);
    expect(api.class_detail.queryOptions({ pathParams: { id: 7 } }).queryKey).toEqual(['api', 'class_detail', { pathParams: { id: 7 } }]);
    expect(api.sign_up_post.mutationOptions().mutationKey).toEqual(['api', 'sign_up_post']);
  });

  it('nests keys so an operation can be invalidated as a whole', () => {
    const key = api.class_detail.key({ pathParams: { id: 7 } });
    expect(key).toEqual(['api', 'class_detail', { pathParams: { id: 7 } }]);
    expect(key.slice(0, 2)).toEqual(apiKeys.operation('class_detail'));
    expect(apiKeys.call('order_list', { query: { page: undefined } })).toEqual(apiKeys.call('order_list', { query: {} }));
  });

  it('types inputs from the contract', () => {
    // @ts-expect-error an id is a number
    apiQueryOptions('class_detail', { pathParams: { id: '7' } });
    // @ts-expect-error class_detail needs its id
    apiQueryOptions('class_detail');
    apiQueryOptions('class_category');
    expect(apiQueryOptions('class_category').queryKey).toEqual(['api', 'class_category', {}]);
  });
});

function Categories({ handling }: { handling?: 'log' }) {
  const query = useApiQuery('class_category', {}, { errorHandling: handling });
  if (query.isPending) return <p>拼命加载中</p>;
  if (query.isError) return <p>加载失败</p>;
  return (
    <ul>
      {query.data.class_list.map((c) => (
        <li key={c.id}>{c.name}</li>
      ))}
    </ul>
  );
}

describe('hooks', () => {
  it('useApiQuery renders contract-checked data', async () => {
    server.use(http.get(url('class_category'), () => ok({ class_list: [{ id: 1, name: '艺术中心', children: [] }] })));
    render(<Categories />, { wrapper: setup().wrapper });
    expect(await screen.findByText('艺术中心')).toBeInTheDocument();
  });

  it('a failed query reaches the one place that acts, once', async () => {
    server.use(http.get(url('class_category'), () => fail(500, 500000, '服务器开小差了，请稍后再试')));
    const { wrapper, ports } = setup();
    render(<Categories />, { wrapper });
    expect(await screen.findByText('加载失败')).toBeInTheDocument();
    expect(ports.toastError).toHaveBeenCalledExactlyOnceWith('服务器开小差了，请稍后再试');
  });

  it("errorHandling 'log' keeps the failure off the screen", async () => {
    server.use(http.get(url('class_category'), () => fail(500, 500000, '服务器开小差了')));
    const { wrapper, ports } = setup();
    render(<Categories handling="log" />, { wrapper });
    expect(await screen.findByText('加载失败')).toBeInTheDocument();
    expect(ports.toastError).not.toHaveBeenCalled();
    expect(ports.log).toHaveBeenCalledWith(expect.stringContaining('class_category'));
  });

  it('useApiMutation sends the body and surfaces a refusal as a toast', async () => {
    let sent: unknown;
    server.use(
      http.post(url('add_my_collection'), async ({ request }) => {
        sent = await request.json();
        return fail(200, 300801, '已收藏过该课程');
      }),
    );
    const { wrapper, ports } = setup();
    function Collect() {
      const mutation = useApiMutation('add_my_collection');
      return (
        <button disabled={mutation.isPending} onClick={() => mutation.mutate({ body: { class_id: 3, type: 1 } })}>
          {mutation.isError ? '收藏失败' : '收藏'}
        </button>
      );
    }
    render(<Collect />, { wrapper });
    await userEvent.click(screen.getByRole('button', { name: '收藏' }));
    await waitFor(() => expect(ports.toastError).toHaveBeenCalledWith('已收藏过该课程'));
    expect(sent).toEqual({ class_id: 3, type: 1 });
    expect(screen.getByRole('button')).toHaveTextContent('收藏失败');
  });
});
