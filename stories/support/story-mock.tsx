/**
 * Stories render through the same mock handlers as the app: a fresh mock per story, loaded with
 * a named scenario, optionally signed in as one of its parents, optionally with faults (the mock's
 * own fault list, as QA sets it through /__mock/faults).
 */
import { QueryClientProvider } from '@tanstack/react-query';
import type { HttpHandler } from 'msw';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { MemoryRouter, RouterProvider, createMemoryRouter } from 'react-router-dom';
import { assetHandler } from '#mock/handlers/assets';
import { createMockState, mockHandlers } from '#mock/control/setup';
import type { FaultSpec } from '#mock/core/faults';
import type { MockState } from '#mock/core/state';
import { toIso } from '#fixtures/time';
import { createRoutes } from '../../src/app/router.tsx';
import { createErrorEffects } from '../../src/lib/api/error-effects.ts';
import { createQueryClient } from '../../src/lib/api/query-client.ts';
import { setServerClockOffset } from '../../src/lib/server-clock.ts';
import { resetChildStore } from '../../src/stores/child-store.ts';
import { clearSession, resetSessionStore, signIn } from '../../src/stores/session-store.ts';
import { resetToastStore, toast, toastTiming } from '../../src/stores/toast-store.ts';
import { resetUiStore } from '../../src/stores/ui-store.ts';

/** A fault as a story states it: `times` defaults to every answer (a loading or failed state stays). */
export type StoryFault = Omit<FaultSpec, 'times'> & { times?: number | null };

export interface StoryMockOptions {
  scenario?: string;
  /** Username of a parent of the scenario to sign in as; null = signed out. */
  as?: string | null;
  /** Handlers that answer before the mock (e.g. many categories). */
  overrides?: HttpHandler[];
  /** Faults the mock answers with (its own fault list, mock-server/core/faults.ts). */
  faults?: StoryFault[];
}

/** What one story leaves behind must not reach the next (one page walks them all: the visual check). */
export function resetStores(): void {
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; path=/`;
  }
  resetSessionStore();
  resetChildStore();
  resetToastStore();
  // A toast stays for the story (the app's 3 s would put it in or out of a picture by the machine's speed).
  toastTiming.visibleMs = 10 * 60_000;
  resetUiStore();
  setServerClockOffset(0);
}

export async function startStoryMock(msw: { use: (...handlers: HttpHandler[]) => void }, options: StoryMockOptions = {}): Promise<MockState> {
  const state = await createMockState({ scenario: options.scenario ?? 'default', frozen: true });
  resetStores();
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
  if (options.faults?.length) state.faults.add(options.faults.map((fault) => ({ times: null, ...fault })));
  msw.use(...(options.overrides ?? []), ...mockHandlers(state), assetHandler(state));
  return state;
}

function useStoryQueryClient(ports: { goHome?: () => void; relogin?: () => void } = {}) {
  const [client] = useState(() =>
    createQueryClient(
      createErrorEffects({
        toastError: toast.error,
        goHome: () => ports.goHome?.(),
        relogin: () => ports.relogin?.(),
        log: () => {},
      }),
    ),
  );
  return client;
}

/** A component with the app's providers, at an address. */
export function WithProviders({ path = '/', children }: { path?: string; children: ReactNode }) {
  const client = useStoryQueryClient();
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
}

/**
 * The whole app (real routes, layouts and chrome) at an address, in memory. Spec §8's effects act
 * as in the app: going home navigates; signing in again clears the session, and where the app
 * would leave for the account service's login page the story says so instead of leaving.
 */
export function AppAt({ path }: { path: string }) {
  const [leftForLogin, setLeftForLogin] = useState(false);
  // The effects need the router and the router needs the client: a ref hands the router over once made.
  const routerRef = useRef<ReturnType<typeof createMemoryRouter> | null>(null);
  const client = useStoryQueryClient({
    goHome: () => void routerRef.current?.navigate('/'),
    relogin: () => {
      clearSession();
      setLeftForLogin(true);
    },
  });
  const [router] = useState(() => createMemoryRouter(createRoutes(client), { initialEntries: [path] }));
  useEffect(() => {
    routerRef.current = router;
  }, [router]);
  if (leftForLogin) {
    return (
      <main style={{ padding: 48, fontFamily: 'var(--font-family)', color: 'var(--color-text)' }}>
        <h1 style={{ fontSize: 'var(--font-size-xl)' }}>已退出登录</h1>
        <p role="status">登录已失效：浏览器此时前往统一身份认证的登录页（故事中停在这里）。</p>
      </main>
    );
  }
  return (
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
