import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToastStore } from '../../stores/toast-store.ts';
import { HttpResponse, fail, http, ok, server } from '../../test/api-server.ts';
import { chromeHandlers, chromeUrl } from '../../test/chrome-data.ts';
import { renderApp } from '../../test/render-app.tsx';

// Each page loads lazily and answers through msw; on a busy machine that takes more than the
// default second, and that is not what these tests are about.
configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

const notice = {
  module: 9,
  title: '缴费须知',
  content: '<h2>缴费须知</h2><ol><li>下单后名额保留<strong>30分钟</strong>。</li></ol><p>如有疑问请来电。</p>',
  updated_at: '2026-11-05T09:30:00+08:00',
};

let modules: string[] = [];
beforeEach(() => {
  modules = [];
  server.use(
    ...chromeHandlers(),
    http.get(chromeUrl('get_front_content'), ({ request }) => {
      modules.push(new URL(request.url).searchParams.get('module') ?? '');
      return ok(notice);
    }),
  );
});
afterEach(() => resetToastStore());

describe('/payment 缴费须知', () => {
  it('shows the payment notice of module 9 with its updated time', async () => {
    renderApp('/payment');
    const article = await screen.findByRole('article', { name: '缴费须知' });
    expect(within(article).getByText('30分钟').tagName).toBe('STRONG');
    expect(within(article).getByText('如有疑问请来电。')).toBeInTheDocument();
    expect(screen.getByText('更新时间：2026-11-05 09:30')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: '缴费须知' })).toBeInTheDocument();
    expect(modules).toEqual(['9']);
  });

  it('says it is loading while the notice is on its way', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(http.get(chromeUrl('get_front_content'), async () => (await held, ok(notice))));
    renderApp('/payment');
    expect(await screen.findByText('正在加载缴费须知…')).toBeInTheDocument();
    release();
    expect(await screen.findByRole('article', { name: '缴费须知' })).toBeInTheDocument();
    expect(screen.queryByText('正在加载缴费须知…')).toBeNull();
  });

  it('explains a failure and loads again on request', async () => {
    let calls = 0;
    server.use(
      http.get(chromeUrl('get_front_content'), () => {
        calls += 1;
        return calls === 1 ? fail(500, 500000, '服务繁忙') : ok(notice);
      }),
    );
    const app = renderApp('/payment');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('缴费须知加载失败');
    // Said once, on the page, rather than again in a toast.
    expect(alert).toHaveTextContent('服务繁忙');
    expect(app.ports.toastError).not.toHaveBeenCalled();
    await userEvent.click(within(alert).getByRole('button', { name: '重新加载' }));
    expect(await screen.findByRole('article', { name: '缴费须知' })).toBeInTheDocument();
  });

  it('says so when the notice has not been published yet', async () => {
    server.use(http.get(chromeUrl('get_front_content'), () => HttpResponse.json({ error_code: 404001, msg: '内容不存在', data: null }, { status: 404 })));
    renderApp('/payment');
    expect(await screen.findByText('缴费须知暂未发布')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
