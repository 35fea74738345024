import { configure, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToastStore } from '../../stores/toast-store.ts';
import { fail, http, ok, server } from '../../test/api-server.ts';
import { chromeHandlers, chromeUrl } from '../../test/chrome-data.ts';
import { renderApp } from '../../test/render-app.tsx';

// Each page loads lazily and answers through msw; on a busy machine that takes more than the
// default second, and that is not what these tests are about.
configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

const brochure = {
  module: 1,
  title: '2026-2027学年招生简章',
  content: '<h2>2026-2027学年招生简章</h2><h3>一、招生对象</h3><p>3至15岁身体健康的少年儿童。</p>',
  updated_at: '2026-11-05T09:00:00+08:00',
};

const config = {
  pay_ws_url: '/children_center/front/ws/pay',
  pay_window_minutes: 30,
  invoice_window_days: 90,
  max_pickers_per_child: 3,
  service_phone: '010-6616 2026',
  term: '2026-2027学年第一学期',
};

let modules: string[] = [];
beforeEach(() => {
  modules = [];
  server.use(
    ...chromeHandlers(),
    http.get(chromeUrl('get_front_content'), ({ request }) => {
      modules.push(new URL(request.url).searchParams.get('module') ?? '');
      return ok(brochure);
    }),
    http.get(chromeUrl('global_config'), () => ok(config)),
  );
});
afterEach(() => resetToastStore());

describe('/apply 招生简章', () => {
  it('shows the brochure of module 1', async () => {
    renderApp('/apply');
    const article = await screen.findByRole('article', { name: '2026-2027学年招生简章' });
    expect(within(article).getByRole('heading', { name: '一、招生对象' })).toBeInTheDocument();
    expect(within(article).getByText('3至15岁身体健康的少年儿童。')).toBeInTheDocument();
    expect(screen.getByText('更新时间：2026-11-05 09:00')).toBeInTheDocument();
    expect(modules).toEqual(['1']);
  });

  it('lists every category with its specialties, linking to the search', async () => {
    renderApp('/apply');
    const overview = await screen.findByRole('region', { name: '开设专业' });
    const art = within(overview).getByRole('heading', { name: /美术/ }).closest('li')!;
    expect(within(art).getByRole('link', { name: /美术/ })).toHaveAttribute('href', '/searchHome?center=1');
    expect(within(art).getAllByRole('link').slice(1).map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['儿童画', '/searchHome?specialty=11&center=1'],
      ['国画', '/searchHome?specialty=12&center=1'],
      ['书法', '/searchHome?specialty=13&center=1'],
    ]);
    expect(within(overview).getByText('3个专业', { exact: false })).toBeInTheDocument();
    // A category without specialties still leads to its classes, and says it has no list yet.
    const long = within(overview).getByRole('heading', { name: /超长名称的科技创新与人工智能启蒙/ }).closest('li')!;
    expect(within(long).getByRole('link', { name: /超长名称/ })).toHaveAttribute('href', '/searchHome?center=3');
    expect(within(long).getByText('专业设置即将公布')).toBeInTheDocument();
  });

  it('shows the term, the consultation phone and hours, and a way to the classes', async () => {
    renderApp('/apply');
    const aside = await screen.findByRole('complementary', { name: '报名指引' });
    expect(await within(aside).findByText('2026-2027学年第一学期')).toBeInTheDocument();
    expect(await within(aside).findByText('010-6616 2026')).toBeInTheDocument();
    expect(within(aside).getByText('周二至周日 9:00-17:00')).toBeInTheDocument();
    expect(within(aside).getByRole('link', { name: '浏览全部课程' })).toHaveAttribute('href', '/searchHome');
    expect(within(aside).getByRole('link', { name: /缴费须知/ })).toHaveAttribute('href', '/payment');
  });

  it('keeps the overview when the brochure cannot be loaded', async () => {
    server.use(http.get(chromeUrl('get_front_content'), () => fail(500, 500000, '服务繁忙')));
    renderApp('/apply');
    expect(await screen.findByRole('alert')).toHaveTextContent('招生简章加载失败');
    expect(await screen.findByRole('region', { name: '开设专业' })).toBeInTheDocument();
  });

  it('explains a catalogue that failed to load', async () => {
    server.use(http.get(chromeUrl('class_category'), () => fail(500, 500000, '服务繁忙')));
    renderApp('/apply');
    const overview = await screen.findByRole('region', { name: '开设专业' });
    expect(await within(overview).findByRole('alert')).toHaveTextContent('专业设置加载失败');
  });
});
