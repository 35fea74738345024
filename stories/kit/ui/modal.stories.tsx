/** useModalDialog and keepTabInside (modal.ts): any <dialog> of the portal opened modally, Tab cycling inside. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, waitFor } from 'storybook/test';
import { Button } from '#src/components/ui/button.tsx';
import { keepTabInside, useModalDialog } from '#src/components/ui/modal.ts';

function ModalDemo({ initiallyOpen = false }: { initiallyOpen?: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  const ref = useModalDialog(open);
  return (
    <div style={{ padding: 24 }}>
      <Button onClick={() => setOpen(true)}>打开菜单</Button>
      <dialog ref={ref} aria-label="菜单" onCancel={(e) => (e.preventDefault(), setOpen(false))} onKeyDown={keepTabInside} style={{ padding: 24, borderRadius: 'var(--radius-md)', border: 'none' }}>
        <nav style={{ display: 'flex', gap: 12 }}>
          <Button variant="secondary">个人中心</Button>
          <Button variant="secondary">消息通知</Button>
          <Button variant="ghost" onClick={() => setOpen(false)}>
            关闭
          </Button>
        </nav>
      </dialog>
    </div>
  );
}

const meta = { title: 'Kit/Modal', component: ModalDemo, parameters: { layout: 'fullscreen' } } satisfies Meta<typeof ModalDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = { args: { initiallyOpen: true } };
/** Tab past the last control comes back to the first; closing gives focus back to the opener. */
export const TabCyclesInside: Story = {
  play: async ({ canvas, userEvent }) => {
    const opener = canvas.getByRole('button', { name: '打开菜单' });
    await userEvent.click(opener);
    const dialog = await canvas.findByRole('dialog', { name: '菜单' });
    const close = canvas.getByRole('button', { name: '关闭' });
    close.focus();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: '个人中心' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    await expect(close).toHaveFocus();
    await userEvent.click(close);
    await waitFor(() => expect(dialog).not.toBeVisible());
    await expect(opener).toHaveFocus();
  },
};
