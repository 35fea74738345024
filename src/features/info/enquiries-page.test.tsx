import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Row } from '#fixtures/records';
import { describe, expect, it } from 'vitest';
import { failOnce } from '../../test/failures.ts';
import { familyWorld, type FamilyBuilder } from '../../test/family-world.ts';
import { renderRoute } from '../../test/render-route.tsx';

/** The admissions office as the site row states it (contact_us answers from it). */
function office(b: FamilyBuilder): void {
  const [site] = b.snapshot.site;
  Object.assign(site!, {
    phone: '010-6616 2026',
    contact_email: 'zhaosheng@example.org',
    address: '北京市西城区平安里西大街58号',
    work_hours: '周二至周日 9:00-17:00',
    contact_us_content: '<p>现场咨询：<strong>西城总部一层招生大厅</strong>。</p>',
  } satisfies Partial<Row<'site'>>);
}

/** The office and two campuses. */
const world = familyWorld((b) => {
  office(b);
  b.add(
    'orgs',
    { id: 1, name: '西城总部', address: '北京市西城区平安里西大街58号', phone: '010-6616 2026', traffic: '地铁4号线平安里站B口出，向西步行约300米。' },
    { id: 2, name: '海淀科技分部', address: '北京市海淀区中关村南大街12号', phone: '010-6216 2027', traffic: '地铁4号线魏公村站A口出。' },
  );
});

/** The office, and no campus listed yet. */
const noCampus = familyWorld(office);

describe('/enrollment 招生咨询', () => {
  it('shows how to reach the admissions office', async () => {
    await renderRoute('/enrollment', { world });
    const card = await screen.findByRole('region', { name: '招生办公室' });
    expect(await within(card).findByRole('link', { name: '010-6616 2026' })).toHaveAttribute('href', 'tel:010-66162026');
    expect(within(card).getByRole('link', { name: 'zhaosheng@example.org' })).toHaveAttribute('href', 'mailto:zhaosheng@example.org');
    expect(within(card).getByText('北京市西城区平安里西大街58号')).toBeInTheDocument();
    expect(within(card).getByText('周二至周日 9:00-17:00')).toBeInTheDocument();
    expect(within(card).getByText('西城总部一层招生大厅').tagName).toBe('STRONG');
  });

  it('shows every campus as a card with address, phone and directions', async () => {
    await renderRoute('/enrollment', { world });
    const campuses = await screen.findByRole('region', { name: '各校区地址' });
    const cards = await within(campuses).findAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['西城总部', '海淀科技分部']);
    const haidian = cards[1]!;
    expect(within(haidian).getByText('北京市海淀区中关村南大街12号')).toBeInTheDocument();
    expect(within(haidian).getByRole('link', { name: '010-6216 2027' })).toHaveAttribute('href', 'tel:010-62162027');
    expect(within(haidian).getByText('地铁4号线魏公村站A口出。')).toBeInTheDocument();
  });

  it('says so when no campus is listed', async () => {
    await renderRoute('/enrollment', { world: noCampus });
    const campuses = await screen.findByRole('region', { name: '各校区地址' });
    expect(await within(campuses).findByText('暂无校区信息')).toBeInTheDocument();
  });

  it('a failing campus list leaves the office card, and loads again on request', async () => {
    failOnce('*/get_all_org', 500000, '服务繁忙');
    await renderRoute('/enrollment', { world });
    const campuses = await screen.findByRole('region', { name: '各校区地址' });
    const alert = await within(campuses).findByRole('alert');
    expect(alert).toHaveTextContent('校区信息加载失败');
    expect(screen.getByRole('region', { name: '招生办公室' })).toHaveTextContent('010-6616 2026');
    await userEvent.click(within(alert).getByRole('button', { name: '重新加载' }));
    expect(await within(campuses).findAllByRole('article')).toHaveLength(2);
  });

  it('explains a failing office card', async () => {
    failOnce('*/contact_us', 500000, '服务繁忙');
    await renderRoute('/enrollment', { world });
    const card = await screen.findByRole('region', { name: '招生办公室' });
    expect(await within(card).findByRole('alert')).toHaveTextContent('咨询方式加载失败');
  });
});
