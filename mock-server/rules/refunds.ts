/** Refund amounts (DESIGN.md): all before the first session, then by sessions not yet held. */
import type { z } from 'zod';
import type { refundPreviewSchema } from '#contract/index';
import type { Row } from '../db.ts';
import type { MockState } from '../state.ts';

export type RefundPreview = z.output<typeof refundPreviewSchema>;

/** What a refund of the order would return now. Owned by the refunds work; signature is fixed. */
export function previewRefund(state: MockState, order: Row<'orders'>): RefundPreview {
  void state;
  return { paid_amount: order.paid_amount, refunded_amount: order.refunded_amount, refundable_amount: 0, session_count: 1, held_sessions: 0, remaining_sessions: 0, per_session_fee: 0, is_full: false, rule: '' };
}
