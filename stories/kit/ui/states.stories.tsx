/** Loading, empty and error states, and QueryState, which picks among them for a query. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useQuery } from '@tanstack/react-query';
import { expect, fn } from 'storybook/test';
import { Button } from '#src/components/ui/button.tsx';
import { EmptyState, ErrorState, LoadingState, QueryState } from '#src/components/ui/states.tsx';
import { WithProviders } from '../../support/story-mock.tsx';

const meta = {
  title: 'Kit/States',
  component: EmptyState,
  args: { title: '暂无订单', hint: '报名成功后，订单会出现在这里。', action: <Button size="sm">去选课</Button> },
} satisfies Meta<typeof EmptyState>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Error: Story = {
  render: () => <ErrorState title="订单加载失败" hint="服务器开小差了，请稍后再试" onRetry={fn()} />,
  play: async ({ canvas }) => void (await expect(canvas.getByRole('alert')).toHaveTextContent('服务器开小差了')),
};
export const Loading: Story = { tags: ['busy'], render: () => <LoadingState label="订单加载中" /> };

/** A query that fails the first time and answers the second: 重新加载 brings the data. */
function FlakyQuery() {
  const query = useQuery({
    queryKey: ['story-flaky'],
    retry: false,
    queryFn: async ({ client }) => {
      const tries = ((client.getQueryData(['story-tries']) as number | undefined) ?? 0) + 1;
      client.setQueryData(['story-tries'], tries);
      if (tries === 1) throw new globalThis.Error('offline');
      return ['少儿国画启蒙班', '少儿街舞寒假班'];
    },
  });
  return (
    <QueryState query={query} isEmpty={(rows) => rows.length === 0} empty={<EmptyState title="暂无课程" />}>
      {(rows) => (
        <ul>
          {rows.map((row) => (
            <li key={row}>{row}</li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

export const QueryFailsThenRetried: Story = {
  render: () => (
    <WithProviders>
      <FlakyQuery />
    </WithProviders>
  ),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: '重新加载' }));
    await expect(await canvas.findByText('少儿国画启蒙班')).toBeVisible();
  },
};
