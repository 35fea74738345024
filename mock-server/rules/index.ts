/** Time rules, run before every answer so the tables match the clock (see MockState.catchUp). */
import type { MockState } from '../state.ts';

export function installTimeRules(state: MockState): void {
  void state;
}
