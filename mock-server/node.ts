/** The mock in Node (vitest, the HTTP server): msw/node over the same handlers as the browser. */
import { setupServer } from 'msw/node';
import { createHandlers, type AdapterOptions } from './adapter.ts';
import { resetToScenario } from './control.ts';
import { handlers } from './handlers/index.ts';
import { installTimeRules } from './rules/index.ts';
import { MockState, type MockSettings } from './state.ts';

export interface NodeMockOptions {
  scenario?: string;
  seed?: number;
  /** Tests keep the clock frozen; the HTTP server lets it run. */
  frozen?: boolean;
  settings?: Partial<MockSettings>;
  adapter?: Partial<AdapterOptions>;
}

export async function createMockState(options: NodeMockOptions = {}): Promise<MockState> {
  const state = new MockState({ now: Date.now(), frozen: options.frozen ?? true, settings: options.settings });
  installTimeRules(state);
  await resetToScenario(state, { scenario: options.scenario ?? 'default', seed: options.seed ?? 1 });
  return state;
}

export function mockHandlers(state: MockState, adapter: Partial<AdapterOptions> = {}) {
  return createHandlers(state, handlers, { strict: false, ...adapter });
}

export async function createNodeMock(options: NodeMockOptions = {}) {
  const state = await createMockState(options);
  const server = setupServer(...mockHandlers(state, { strict: true, ...options.adapter }));
  return { state, server };
}
