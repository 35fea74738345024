/** Page links: previous, numbers with gaps, next, and the total. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import { Pagination } from '#src/components/ui/pagination.tsx';

const meta = {
  title: 'Kit/Pagination',
  component: Pagination,
  args: { page: 1, pageSize: 10, total: 87, onChange: fn() },
} satisfies Meta<typeof Pagination>;
export default meta;
type Story = StoryObj<typeof meta>;

export const FirstPage: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: '上一页' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: '1' })).toHaveAttribute('aria-current', 'page');
  },
};
export const MiddleWithGaps: Story = { args: { page: 5 } };
export const LastPage: Story = { args: { page: 9 } };
/** One page or less: only the total. */
export const OnePage: Story = {
  args: { total: 6 },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('navigation')).toBeNull();
    await expect(canvas.getByText('共 6 条')).toBeVisible();
  },
};

function Paged(args: Parameters<typeof Pagination>[0]) {
  const [page, setPage] = useState(args.page);
  return <Pagination {...args} page={page} onChange={(p) => (setPage(p), args.onChange(p))} />;
}

/** Next, a number, previous: the current page moves and the gaps follow it. */
export const Paging: Story = {
  render: (args) => <Paged {...args} />,
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: '下一页' }));
    await expect(canvas.getByRole('button', { name: '2' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(canvas.getByRole('button', { name: '9' }));
    await expect(canvas.getByRole('button', { name: '下一页' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: '上一页' }));
    await expect(canvas.getByRole('button', { name: '8' })).toHaveAttribute('aria-current', 'page');
    await expect(args.onChange).toHaveBeenLastCalledWith(8);
  },
};
