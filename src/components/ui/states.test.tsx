import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoadingState } from './states.tsx';

describe('LoadingState', () => {
  it('is a busy status named by what loads, once (no status inside another)', () => {
    render(<LoadingState label="正在加载订单…" />);
    const statuses = screen.getAllByRole('status');
    expect(statuses).toHaveLength(1);
    expect(statuses[0]).toHaveAccessibleName('正在加载订单…');
    expect(statuses[0]).toHaveAttribute('aria-busy', 'true');
    expect(statuses[0]).toHaveTextContent('正在加载订单…');
  });
});
