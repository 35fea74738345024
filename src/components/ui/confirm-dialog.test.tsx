import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog } from './confirm-dialog.tsx';

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        删除
      </button>
      <ConfirmDialog open={open} title="删除接送人" onConfirm={() => setOpen(false)} onClose={() => setOpen(false)}>
        确定删除吗？
      </ConfirmDialog>
    </>
  );
}

describe('ConfirmDialog with the keyboard', () => {
  it('keeps Tab and Shift+Tab among its own buttons', async () => {
    render(<Page />);
    await userEvent.click(screen.getByRole('button', { name: '删除' }));
    const dialog = screen.getByRole('dialog', { name: '删除接送人' });
    const [cancel, confirm] = [screen.getByRole('button', { name: '再想想' }), screen.getByRole('button', { name: '确定' })];
    cancel.focus();
    await userEvent.tab();
    expect(confirm).toHaveFocus();
    await userEvent.tab();
    expect(cancel, 'Tab past the last button comes back to the first').toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(confirm, 'Shift+Tab before the first button goes to the last').toHaveFocus();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it('gives focus back to the control that opened it when it closes', async () => {
    render(<Page />);
    const opener = screen.getByRole('button', { name: '删除' });
    await userEvent.click(opener);
    screen.getByRole('button', { name: '再想想' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });
});
