/**
 * Pagination: links to ?page=N on the current address, so a list pages before its scripts load
 * (decision 074), and, for a backend that sends no count (decision 073), 上一页 / 下一页 with the
 * next page offered while this one came back full.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Pagination } from './pagination.tsx';

function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="地址">{`${pathname}${search}`}</output>;
}

function show(at: string, props: Parameters<typeof Pagination>[0]) {
  render(
    <MemoryRouter initialEntries={[at]}>
      <Pagination {...props} />
      <Where />
    </MemoryRouter>,
  );
  return screen.queryByRole('navigation', { name: '分页' });
}

const hrefs = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .map((a) => `${a.textContent} ${a.getAttribute('href')}`);

describe('Pagination', () => {
  it('links every page it shows to the same address with its ?page=, keeping the other parameters', () => {
    const nav = show('/searchHome?name=画&page=3', { page: 3, pageSize: 10, total: 95, rows: 10 })!;
    expect(within(nav).getByText('共 95 条')).toBeInTheDocument();
    expect(hrefs(nav)).toEqual([
      '上一页 /searchHome?name=%E7%94%BB&page=2',
      '1 /searchHome?name=%E7%94%BB',
      '2 /searchHome?name=%E7%94%BB&page=2',
      '3 /searchHome?name=%E7%94%BB&page=3',
      '4 /searchHome?name=%E7%94%BB&page=4',
      '10 /searchHome?name=%E7%94%BB&page=10',
      '下一页 /searchHome?name=%E7%94%BB&page=4',
    ]);
    expect(within(nav).getByRole('link', { name: '3' })).toHaveAttribute('aria-current', 'page');
  });

  it('goes to the page in the app, and tells the caller', async () => {
    const went: number[] = [];
    const nav = show('/patriarchFAQ?keyword=退费', { page: 1, pageSize: 10, total: 25, rows: 10, onPage: (p) => went.push(p) })!;
    await userEvent.click(within(nav).getByRole('link', { name: '下一页' }));
    expect(screen.getByRole('status', { name: '地址' })).toHaveTextContent('/patriarchFAQ?keyword=%E9%80%80%E8%B4%B9&page=2');
    expect(went).toEqual([2]);
  });

  it('shows 上一页 on the first page and 下一页 on the last as not links', () => {
    const nav = show('/x', { page: 1, pageSize: 10, total: 15, rows: 10 })!;
    expect(within(nav).getByText('上一页')).toHaveAttribute('aria-disabled', 'true');
    expect(within(nav).queryByRole('link', { name: '上一页' })).toBeNull();
    expect(within(nav).getByRole('link', { name: '下一页' })).toBeInTheDocument();
  });

  it('says only the count when everything fits on one page', () => {
    expect(show('/x', { page: 1, pageSize: 10, total: 4, rows: 4 })).toBeNull();
    expect(screen.getByText('共 4 条')).toBeInTheDocument();
  });

  describe('without a count (a backend answering as the seed shows)', () => {
    it('offers the next page while this one came back full, and names the page it is on', () => {
      const nav = show('/personal/myOrder?page=2', { page: 2, pageSize: 10, rows: 10 })!;
      expect(hrefs(nav)).toEqual(['上一页 /personal/myOrder', '下一页 /personal/myOrder?page=3']);
      expect(within(nav).getByText('第 2 页')).toBeInTheDocument();
      expect(screen.queryByText(/共/)).toBeNull();
    });

    it('stops at a page that came back short', () => {
      const nav = show('/personal/myOrder?page=3', { page: 3, pageSize: 10, rows: 4 })!;
      expect(hrefs(nav)).toEqual(['上一页 /personal/myOrder?page=2']);
      expect(within(nav).getByText('下一页')).toHaveAttribute('aria-disabled', 'true');
    });

    it('shows nothing for a first page that came back short', () => {
      expect(show('/x', { page: 1, pageSize: 10, rows: 3 })).toBeNull();
    });
  });
});
