import { screen, within } from '@testing-library/react';
import type { Row } from '#fixtures/records';
import { describe, expect, it } from 'vitest';
import { fail, http, server, recordCalls } from '../../test/api-server.ts';
import { failOnce } from '../../test/failures.ts';
import { familyWorld } from '../../test/family-world.ts';
import { renderRoute } from '../../test/render-route.tsx';

/*
 * The brochure (module 1); the catalogue: 艺术中心 (1) with 国画 (1), 舞蹈 (2) and 书法 (3), 音乐中心
 * (2) with 钢琴 (4), and a long-named center (3) with no specialty yet; the term and the
 * consultation phone and hours on the site row.
 */
const world = familyWorld((b) => {
  Object.assign(b.snapshot.site[0]!, {
    phone: '010-6616 2026',
    work_hours: '周二至周日 9:00-17:00',
    term: '2026-2027学年第一学期',
  } satisfies Partial<Row<'site'>>);
  b.add('specialties', b.f.specialty(b.center.id, { id: 3, name: '书法' }));
  const [music] = b.add('centers', b.f.center({ id: 2, name: '音乐中心' }), b.f.center({ id: 3, name: '超长名称的科技创新与人工智能启蒙' }));
  b.add('specialties', b.f.specialty(music!.id, { id: 4, name: '钢琴' }));
  b.add('contents', {
    module: 1,
    title: '2026-2027学年招生简章',
    content: '<h2>2026-2027学年招生简章</h2><h3>一、招生对象</h3><p>3至15岁身体健康的少年儿童。</p>',
    updated_at: '2026-11-05T09:00:00+08:00',
  });
});

/** The modules the page asked get_front_content for (in front of the mock, which answers). */
function recordModules(): string[] {
  return recordCalls('get', '*/get_front_content', ({ url }) => url.searchParams.get('module') ?? '');
}

describe('/apply 招生简章', () => {
  it('shows the brochure of module 1', async () => {
    const modules = recordModules();
    await renderRoute('/apply', { world });
    const article = await screen.findByRole('article', { name: '2026-2027学年招生简章' });
    expect(within(article).getByRole('heading', { name: '一、招生对象' })).toBeInTheDocument();
    expect(within(article).getByText('3至15岁身体健康的少年儿童。')).toBeInTheDocument();
    expect(screen.getByText('更新时间：2026-11-05 09:00')).toBeInTheDocument();
    expect(modules).toEqual(['1']);
  });

  it('lists every category with its specialties, linking to the search', async () => {
    await renderRoute('/apply', { world });
    const overview = await screen.findByRole('region', { name: '开设专业' });
    const art = (await within(overview).findByRole('heading', { name: /艺术中心/ })).closest('li')!;
    expect(within(art).getByRole('link', { name: /艺术中心/ })).toHaveAttribute('href', '/searchHome?center=1');
    expect(
      within(art)
        .getAllByRole('link')
        .slice(1)
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['国画', '/searchHome?specialty=1&center=1'],
      ['舞蹈', '/searchHome?specialty=2&center=1'],
      ['书法', '/searchHome?specialty=3&center=1'],
    ]);
    expect(within(art).getByText('3个专业', { exact: false })).toBeInTheDocument();
    const music = within(overview)
      .getByRole('heading', { name: /音乐中心/ })
      .closest('li')!;
    expect(within(music).getByRole('link', { name: '钢琴' })).toHaveAttribute('href', '/searchHome?specialty=4&center=2');
    expect(within(music).getByText('1个专业', { exact: false })).toBeInTheDocument();
    // A category without specialties still leads to its classes, and says it has no list yet.
    const long = within(overview)
      .getByRole('heading', { name: /超长名称的科技创新与人工智能启蒙/ })
      .closest('li')!;
    expect(within(long).getByRole('link', { name: /超长名称/ })).toHaveAttribute('href', '/searchHome?center=3');
    expect(within(long).getByText('专业设置即将公布')).toBeInTheDocument();
  });

  it('shows the term, the consultation phone and hours, and a way to the classes', async () => {
    await renderRoute('/apply', { world });
    const aside = await screen.findByRole('complementary', { name: '报名指引' });
    expect(await within(aside).findByText('2026-2027学年第一学期')).toBeInTheDocument();
    expect(await within(aside).findByText('010-6616 2026')).toBeInTheDocument();
    expect(within(aside).getByText('周二至周日 9:00-17:00')).toBeInTheDocument();
    expect(within(aside).getByRole('link', { name: '浏览全部课程' })).toHaveAttribute('href', '/searchHome');
    expect(within(aside).getByRole('link', { name: /缴费须知/ })).toHaveAttribute('href', '/payment');
  });

  it('keeps the overview when the brochure cannot be loaded', async () => {
    failOnce('*/get_front_content', 500000, '服务繁忙');
    await renderRoute('/apply', { world });
    expect(await screen.findByRole('alert')).toHaveTextContent('招生简章加载失败');
    expect(await screen.findByRole('region', { name: '开设专业' })).toBeInTheDocument();
  });

  it('explains a catalogue that failed to load', async () => {
    // Every time: the root loader asks first, and the page asks again when it mounts.
    server.use(http.get('*/class_category', () => fail(500, 500000, '服务繁忙')));
    await renderRoute('/apply', { world });
    const overview = await screen.findByRole('region', { name: '开设专业' });
    expect(await within(overview).findByRole('alert')).toHaveTextContent('专业设置加载失败');
  });
});
