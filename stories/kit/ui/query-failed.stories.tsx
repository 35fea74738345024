/** A page's main data failed: why, in the backend's words, and 重新加载. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { QueryFailed } from '#src/components/ui/query-failed.tsx';
import { ApiError } from '#src/lib/api/outcome.ts';

const meta = {
  title: 'Kit/QueryFailed',
  component: QueryFailed,
  args: { error: new ApiError('order_list', { kind: 'http', status: 500, code: 500000, msg: '服务器开小差了，请稍后再试', data: null, retried: false }), title: '订单加载失败', onRetry: fn() },
} satisfies Meta<typeof QueryFailed>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ServerError: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('服务器开小差了，请稍后再试');
    await userEvent.click(canvas.getByRole('button', { name: '重新加载' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};
export const Timeout: Story = { args: { error: new ApiError('order_list', { kind: 'timeout', timeoutMs: 20000 }) } };
export const Offline: Story = { args: { error: new ApiError('order_list', { kind: 'network', message: 'Failed to fetch' }) } };
/** A refusal the backend explains on 200: its msg is the reason. */
export const Refusal: Story = { args: { error: new ApiError('order_list', { kind: 'business', status: 200, code: 300999, msg: '操作过于频繁，请稍后再试', data: null }) } };
/** No error object: the generic sentence. */
export const Unknown: Story = { args: { error: null, onRetry: undefined } };
