/** Time rules of refunds and invoices (processing stages). */
import type { TimeRule } from '../state.ts';

export const afterSaleTimeRules: TimeRule[] = [];
