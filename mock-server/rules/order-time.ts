/** Time rules of orders and payments (expired orders, lottery draws, trades). */
import type { TimeRule } from '../state.ts';

export const orderTimeRules: TimeRule[] = [];
