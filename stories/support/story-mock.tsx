/**
 * Stories render through the same mock handlers as the app: a fresh mock per story, loaded with
 * a named scenario, optionally signed in as one of its parents.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import type { HttpHandler } from 'msw';
import { useState, type ReactNode } from 'react';
import { MemoryRouter, RouterProvider, createMemoryRouter } from 'react-router-dom';
import { assetHandler } from '#mock/handlers/assets';
import { createMockState, mockHandlers } from '#mock/control/setup';
import { toIso } from '#fixtures/time';
import { createRoutes } from '../../src/app/router.tsx';
import { createErrorEffects } from '../../src/lib/api/error-effects.ts';
import { createQueryClient } from '../../src/lib/api/query-client.ts';
import { clearChild } from '../../src/stores/child-store.ts';
import { clearSession, signIn } from '../../src/stores/session-store.ts';
import { toast } from '../../src/stores/toast-store.ts';

export interface StoryMockOptions {
  scenario?: string;
  /** Username of a parent of the scenario to sign in as; null = signed out. */
  as?: string | null;
  /** Handlers that answer before the mock (e.g. many categories). */
  overrides?: HttpHandler[];
}

export async function startStoryMock(msw: { use: (...handlers: HttpHandler[]) => void }, options: StoryMockOptions = {}) {
  const state = await createMockState({ scenario: options.scenario ?? 'default', frozen: true });
  clearSession();
  clearChild();
  if (options.as) {
    const parent = state.db.parents.findFirst((q) => q.where({ username: options.as! }), { strict: true });
    const credentials = { clientId: `story-${parent.id}`, accessToken: `story-token-${parent.id}` };
    await state.db.sessions.create({
      client_id: credentials.clientId,
      access_token: credentials.accessToken,
      user_id: parent.id,
      token_expires_at: toIso(state.now() + 24 * 3600_000),
      revoked: false,
    });
    signIn({ ...credentials, userId: parent.id });
  }
  msw.use(...(options.overrides ?? []), ...mockHandlers(state), assetHandler(state));
  return state;
}

function useQueryClient() {
  const [client] = useState(() => createQueryClient(createErrorEffects({ toastError: toast.error, goHome: () => {}, relogin: () => {}, log: () => {} })));
  return client;
}

/** A component with the app's providers, at an address. */
export function WithProviders({ path = '/', children }: { path?: string; children: ReactNode }) {
  const client = useQueryClient();
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
}

/** The whole app (real routes, layouts and chrome) at an address, in memory. */
export function AppAt({ path }: { path: string }) {
  const client = useQueryClient();
  const [router] = useState(() => createMemoryRouter(createRoutes(client), { initialEntries: [path] }));
  return (
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
