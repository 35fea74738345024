/** Building a mock: state with its time rules and a scenario, and its msw handlers. Browser-safe. */
import { createHandlers, type AdapterOptions } from '../core/adapter.ts';
import { resetToScenario } from './operations.ts';
import { handlers } from '../handlers/index.ts';
import { installTimeRules } from '../rules/index.ts';
import { MockState, type MockSettings } from '../core/state.ts';

export interface MockOptions {
  scenario?: string;
  seed?: number;
  /** Tests keep the clock frozen; the HTTP server and the browser let it run. */
  frozen?: boolean;
  settings?: Partial<MockSettings>;
  adapter?: Partial<AdapterOptions>;
}

export async function createMockState(options: MockOptions = {}): Promise<MockState> {
  const state = new MockState({ now: Date.now(), frozen: options.frozen ?? true, settings: options.settings });
  installTimeRules(state);
  await resetToScenario(state, { scenario: options.scenario ?? 'default', seed: options.seed ?? 1 });
  return state;
}

export function mockHandlers(state: MockState, adapter: Partial<AdapterOptions> = {}) {
  return createHandlers(state, handlers, { strict: false, ...adapter });
}
