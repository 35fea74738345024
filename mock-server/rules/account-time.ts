/** Time rules of session/contacts (real-name and contact reviews). */
import type { TimeRule } from '../state.ts';

export const accountTimeRules: TimeRule[] = [];
