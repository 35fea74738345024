/** The confirmation before an irreversible action: a modal <dialog>, Esc closes it, focus comes back. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, waitFor } from 'storybook/test';
import { Button } from '#src/components/ui/button.tsx';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';

const meta = {
  title: 'Kit/ConfirmDialog',
  component: ConfirmDialog,
  args: {
    open: true,
    title: '确定取消该订单吗？',
    children: '取消后名额将释放给其他家长，已选的班级需要重新报名。',
    onConfirm: fn(),
    onClose: fn(),
  },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ConfirmDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const dialog = await canvas.findByRole('dialog', { name: '确定取消该订单吗？' });
    await userEvent.click(canvas.getByRole('button', { name: '确定' }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
    await expect(dialog).toBeVisible();
  },
};
export const Danger: Story = { args: { danger: true, confirmText: '确认删除', title: '删除孩子信息' } };
/** While the confirmed request runs: 确定 is busy and 再想想 is disabled. */
export const Busy: Story = {
  tags: ['busy'],
  args: { busy: true },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: '再想想' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: '确定' })).toHaveAttribute('aria-busy', 'true');
  },
};

function Opener(args: Parameters<typeof ConfirmDialog>[0]) {
  const [open, setOpen] = useState(false);
  return (
    <div style={{ padding: 24 }}>
      <Button variant="danger" onClick={() => setOpen(true)}>
        取消订单
      </Button>
      <ConfirmDialog {...args} open={open} onClose={() => (setOpen(false), args.onClose())} onConfirm={() => (setOpen(false), args.onConfirm())} />
    </div>
  );
}

/** Opened from its button, Tab stays inside, Esc (the dialog's cancel) closes it and focus returns to the opener. */
export const EscapeGivesFocusBack: Story = {
  args: { open: false },
  render: (args) => <Opener {...args} />,
  play: async ({ canvas, userEvent, args }) => {
    const opener = canvas.getByRole('button', { name: '取消订单' });
    await userEvent.click(opener);
    const dialog = await canvas.findByRole('dialog');
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    await expect(dialog).toContainElement(document.activeElement as HTMLElement);
    // Esc on a modal dialog is the browser's: it fires the dialog's cancel event, which a synthetic key press cannot.
    dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    await expect(args.onClose).toHaveBeenCalledTimes(1);
    await expect(opener).toHaveFocus();
  },
};
