/** The frame of a page about one record its address names, and what it says when it names none. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { RecordPage } from '#src/components/ui/record-page.tsx';

const meta = {
  title: 'Kit/RecordPage',
  component: RecordPage,
  args: {
    title: '退费详情',
    id: 12,
    missing: { title: '没有指明要查看的退费申请', hint: '请从“退费记录”中选择一条查看。' },
    children: (id: number) => <p>退费申请 #{id} 的详情</p>,
  },
} satisfies Meta<typeof RecordPage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithRecord: Story = { play: async ({ canvas }) => void (await expect(canvas.getByText('退费申请 #12 的详情')).toBeVisible()) };
export const AddressNamesNone: Story = {
  args: { id: undefined },
  play: async ({ canvas }) => void (await expect(canvas.getByRole('status')).toHaveTextContent('没有指明要查看的退费申请')),
};
