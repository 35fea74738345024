import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Outcome } from './outcome.tsx';
import styles from './journey.module.css';

describe('outcome', () => {
  it('links onward in their order, the first the main one and the rest secondary, leaving out the absent ones', () => {
    render(
      <MemoryRouter>
        <Outcome kind="failed" title="订单已取消" onward={[{ to: '/a', label: '查看我的订单' }, null, { to: '/b', label: '重新报名' }, { to: '/c', label: '返回首页' }]} />
      </MemoryRouter>,
    );
    const links = within(screen.getByRole('region', { name: '订单已取消' })).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href'), link.className])).toEqual([
      ['查看我的订单', '/a', styles.buttonLink],
      ['重新报名', '/b', styles.buttonLinkSecondary],
      ['返回首页', '/c', styles.buttonLinkSecondary],
    ]);
  });
});
