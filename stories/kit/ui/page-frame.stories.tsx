/** A page's title block and body; it names the document too. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { Button } from '#src/components/ui/button.tsx';
import { PageFrame } from '#src/components/ui/page-frame.tsx';

const meta = {
  title: 'Kit/PageFrame',
  component: PageFrame,
  args: { title: '我的订单', intro: '报名成功的课程在此支付；待支付订单请在时限内完成支付。', children: <p>（页面内容）</p> },
} satisfies Meta<typeof PageFrame>;
export default meta;
type Story = StoryObj<typeof meta>;

export const TitleAndIntro: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: '我的订单' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('我的订单 - 少年儿童活动中心 · 报名服务平台'));
  },
};
export const WithActions: Story = { args: { actions: <Button size="sm">新增孩子</Button>, title: '孩子信息', intro: undefined } };
export const Plain: Story = { args: { plain: true } };
