/** The mock in Node (vitest, the HTTP server): msw/node over the same handlers as the browser. */
import { setupServer } from 'msw/node';
import { createMockState, mockHandlers, type MockOptions } from './control/setup.ts';

export { createMockState, mockHandlers };
export type NodeMockOptions = MockOptions;

export async function createNodeMock(options: NodeMockOptions = {}) {
  const state = await createMockState(options);
  const server = setupServer(...mockHandlers(state, { strict: true, ...options.adapter }));
  return { state, server };
}
