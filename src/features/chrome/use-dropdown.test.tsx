import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useDropdown } from './use-dropdown.ts';

function Menu() {
  const [ref, dropdown] = useDropdown<HTMLDivElement>();
  return (
    <>
      <div ref={ref} onBlur={dropdown.onBlur}>
        <button type="button" aria-expanded={dropdown.open} onClick={dropdown.toggle}>
          打开
        </button>
        {dropdown.open && (
          <label>
            <input type="radio" name="x" style={{ position: 'absolute', opacity: 0 }} />
            <span>张小明</span>
          </label>
        )}
      </div>
      <button type="button">别处</button>
    </>
  );
}

describe('useDropdown', () => {
  it('stays open while focus leaves for nothing (a click on a label inside), so the click lands', async () => {
    render(<Menu />);
    await userEvent.click(screen.getByRole('button', { name: '打开' }));
    fireEvent.blur(screen.getByRole('button', { name: '打开' }), { relatedTarget: null });
    expect(screen.getByText('张小明')).toBeInTheDocument();
  });

  it('closes when focus moves to a control outside, on a click outside, and on Esc', async () => {
    render(<Menu />);
    const open = screen.getByRole('button', { name: '打开' });
    await userEvent.click(open);
    await userEvent.tab();
    await userEvent.tab();
    expect(screen.queryByText('张小明')).toBeNull();
    await userEvent.click(open);
    await userEvent.click(screen.getByRole('button', { name: '别处' }));
    expect(screen.queryByText('张小明')).toBeNull();
    await userEvent.click(open);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByText('张小明')).toBeNull();
  });

  it('gives focus back to its trigger when Esc closes it from inside', async () => {
    render(<Menu />);
    await userEvent.click(screen.getByRole('button', { name: '打开' }));
    await userEvent.tab();
    expect(screen.getByRole('radio')).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByText('张小明')).toBeNull();
    expect(screen.getByRole('button', { name: '打开' })).toHaveFocus();
  });
});
