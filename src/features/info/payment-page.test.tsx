import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { recordCalls, holdCalls } from '../../test/api-server.ts';
import { failOnce } from '../../test/failures.ts';
import { familyWorld } from '../../test/family-world.ts';
import { renderRoute } from '../../test/render-route.tsx';

/** The center has published its payment notice (module 9) and a brochure (module 1). */
const world = familyWorld((b) => {
  b.add(
    'contents',
    { module: 1, title: '2026-2027学年招生简章', content: '<p>3至15岁身体健康的少年儿童。</p>', updated_at: '2026-11-01T09:00:00+08:00' },
    {
      module: 9,
      title: '缴费须知',
      content: '<h2>缴费须知</h2><ol><li>下单后名额保留<strong>30分钟</strong>。</li></ol><p>如有疑问请来电。</p>',
      updated_at: '2026-11-05T09:30:00+08:00',
    },
  );
});

/** Only the brochure is out: the payment notice has not been published yet. */
const unpublished = familyWorld((b) => {
  b.add('contents', { module: 1, title: '2026-2027学年招生简章', content: '<p>3至15岁身体健康的少年儿童。</p>', updated_at: '2026-11-01T09:00:00+08:00' });
});

/** The modules the page asked get_front_content for (in front of the mock, which answers). */
function recordModules(): string[] {
  return recordCalls('get', '*/get_front_content', ({ url }) => url.searchParams.get('module') ?? '');
}

describe('/payment 缴费须知', () => {
  it('shows the payment notice of module 9 with its updated time', async () => {
    const modules = recordModules();
    await renderRoute('/payment', { world });
    const article = await screen.findByRole('article', { name: '缴费须知' });
    expect(within(article).getByText('30分钟').tagName).toBe('STRONG');
    expect(within(article).getByText('如有疑问请来电。')).toBeInTheDocument();
    expect(screen.getByText('更新时间：2026-11-05 09:30')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: '缴费须知' })).toBeInTheDocument();
    expect(modules).toEqual(['9']);
  });

  it('says it is loading while the notice is on its way', async () => {
    const release = holdCalls('get', '*/get_front_content');
    await renderRoute('/payment', { world });
    expect(await screen.findByText('正在加载缴费须知…')).toBeInTheDocument();
    release();
    expect(await screen.findByRole('article', { name: '缴费须知' })).toBeInTheDocument();
    expect(screen.queryByText('正在加载缴费须知…')).toBeNull();
  });

  it('explains a failure and loads again on request', async () => {
    failOnce('*/get_front_content', 500000, '服务繁忙');
    const app = await renderRoute('/payment', { world });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('缴费须知加载失败');
    // Said once, on the page, rather than again in a toast.
    expect(alert).toHaveTextContent('服务繁忙');
    expect(app.ports.toastError).not.toHaveBeenCalled();
    await userEvent.click(within(alert).getByRole('button', { name: '重新加载' }));
    expect(await screen.findByRole('article', { name: '缴费须知' })).toBeInTheDocument();
  });

  it('says so when the notice has not been published yet', async () => {
    await renderRoute('/payment', { world: unpublished });
    expect(await screen.findByText('缴费须知暂未发布')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
