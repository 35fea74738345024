/** Trades: settling a pending payment (by a tester, or automatically). */
import type { Row } from '../db.ts';
import type { MockState } from '../state.ts';

export async function settleTrade(state: MockState, tradeNo: string, outcome: 'success' | 'fail'): Promise<Row<'trades'> | null> {
  void state;
  void tradeNo;
  void outcome;
  return null;
}
