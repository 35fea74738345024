/** Buttons of the green theme: variants, sizes, and the busy state a request gives them. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { Button } from '#src/components/ui/button.tsx';

const meta = {
  title: 'Kit/Button',
  component: Button,
  args: { children: '立即报名', onClick: fn() },
  argTypes: {
    variant: { control: 'inline-radio', options: ['primary', 'secondary', 'ghost', 'danger', 'link'] },
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] },
  },
} satisfies Meta<typeof Button>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: '立即报名' }));
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};
export const Secondary: Story = { args: { variant: 'secondary', children: '再想想' } };
export const Ghost: Story = { args: { variant: 'ghost', children: '查看详情' } };
export const Danger: Story = { args: { variant: 'danger', children: '取消订单' } };
export const Link: Story = { args: { variant: 'link', children: '修改' } };
export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
      <Button {...args} size="sm">
        小按钮
      </Button>
      <Button {...args} size="md">
        中按钮
      </Button>
      <Button {...args} size="lg">
        大按钮
      </Button>
    </div>
  ),
};
/** While its request runs: a spinner, disabled, aria-busy; a click does nothing. */
export const Loading: Story = {
  tags: ['busy'],
  args: { loading: true, children: '提交中' },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: '提交中' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};
export const Disabled: Story = { args: { disabled: true, children: '名额已满' } };
