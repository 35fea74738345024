/**
 * Page links: previous, numbers with gaps, next, and the total. Each is a link to the list's own
 * address with `?page=` (it works before the scripts, decision 074); the list reads its page from
 * the address, as the story's list does here.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter, useSearchParams } from 'react-router-dom';
import { expect, fn } from 'storybook/test';
import { Pagination, type PaginationProps } from '#src/components/ui/pagination.tsx';

/** The list at `/searchHome?page=N`: the page comes from the address, as on the app's lists. */
function AddressedPagination(args: PaginationProps) {
  const [params] = useSearchParams();
  return <Pagination {...args} page={Number(params.get('page') ?? args.page)} />;
}

const meta = {
  title: 'Kit/Pagination',
  component: Pagination,
  args: { page: 1, pageSize: 10, total: 87, rows: 10, onPage: fn() },
  render: (args) => (
    <MemoryRouter initialEntries={[args.page > 1 ? `/searchHome?page=${args.page}` : '/searchHome']}>
      <AddressedPagination {...args} />
    </MemoryRouter>
  ),
} satisfies Meta<typeof Pagination>;
export default meta;
type Story = StoryObj<typeof meta>;

export const FirstPage: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('上一页')).toHaveAttribute('aria-disabled', 'true');
    await expect(canvas.getByRole('link', { name: '1' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('link', { name: '下一页' })).toHaveAttribute('href', '/searchHome?page=2');
  },
};
export const MiddleWithGaps: Story = { args: { page: 5 } };
export const LastPage: Story = { args: { page: 9, rows: 7 } };
/** One page or less: only the total. */
export const OnePage: Story = {
  args: { total: 6, rows: 6 },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('navigation')).toBeNull();
    await expect(canvas.getByText('共 6 条')).toBeVisible();
  },
};
/** A backend that does not count the rows: the page number, and a next page while a page is full. */
export const WithoutACount: Story = {
  args: { page: 2, total: undefined, rows: 10 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('第 2 页')).toBeVisible();
    await expect(canvas.getByRole('link', { name: '下一页' })).toHaveAttribute('href', '/searchHome?page=3');
  },
};

/** Next, a number, previous: the address moves, the current page and the gaps follow it. */
export const Paging: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('link', { name: '下一页' }));
    await expect(canvas.getByRole('link', { name: '2' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(canvas.getByRole('link', { name: '9' }));
    await expect(canvas.getByText('下一页')).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(canvas.getByRole('link', { name: '上一页' }));
    await expect(canvas.getByRole('link', { name: '8' })).toHaveAttribute('aria-current', 'page');
    await expect(args.onPage).toHaveBeenLastCalledWith(8);
  },
};
