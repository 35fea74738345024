/**
 * The mock backend behind the component tests' msw server. Its handlers sit at the end of the
 * server's list for the whole run and answer with the mock of the running test (renderRoute sets
 * it; setup.ts drops it after each test): a test's own server.use() handlers come first, and one
 * that returns nothing lets the call go on to the mock.
 */
import { getResponse, http, ws, type HttpHandler } from 'msw';
import { createDispatcher, toResponse } from '#mock/core/adapter';
import type { MockAnswer } from '#mock/core/answer';
import { assetHandler } from '#mock/handlers/assets';
import { handlers } from '#mock/handlers/index';
import { mswPayWsClient, PAY_WS_PATTERN, payWsConnections, type PayWsClient } from '#mock/handlers/pay-ws';
import type { MockState } from '#mock/core/state';

interface Backend {
  dispatch: (request: Request) => Promise<MockAnswer | undefined>;
  assets: HttpHandler;
  payWs: (client: PayWsClient) => void;
}

let current: Backend | null = null;

/** From now until the test ends, the mock answers the app's calls, files and websocket. */
export function setMockBackend(state: MockState): void {
  // Strict: a handler that answers outside the contract fails the test instead of a quiet 500.
  current = { dispatch: createDispatcher(state, handlers, { strict: true }), assets: assetHandler(state), payWs: payWsConnections(state) };
}

export function dropMockBackend(): void {
  current = null;
}

export const mockBackendHandlers = [
  http.all('*', async ({ request }) => {
    if (!current) return undefined;
    const answer = await current.dispatch(request);
    return answer ? toResponse(answer) : await getResponse([current.assets], request);
  }),
  ws.link(PAY_WS_PATTERN).addEventListener('connection', (connection) => current?.payWs(mswPayWsClient(connection))),
];
