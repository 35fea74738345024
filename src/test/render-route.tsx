/**
 * The one way a component test shows a page: the real routes, in the app's providers, answered by
 * the mock backend (mock-server/) over a world built from the shared factories (fixtures/).
 *
 *   const { mock, user } = await renderRoute('/personal/myOrder', { world: ordersWorld, as: 'zhangwei' });
 *   expect(await screen.findByRole('table', { name: '订单列表' })).toBeInTheDocument();
 *   mock.faults.add([{ operation: 'order_list', status: 500, times: 1 }]);   // the mock's own faults
 *
 * Every render gets a fresh mock state loaded from the world (built once per file and reused),
 * its clock frozen at the world's now. setup.ts resets stores, cookies, storage and the msw
 * handlers around every test; a test may put its own handler in front with server.use(), and a
 * handler that returns nothing lets the call go on to the mock (to hold or record a request).
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { vi, type Mock } from 'vitest';
import type { Row, Snapshot } from '#fixtures/records';
import type { ScenarioName } from '#fixtures/scenario-list';
import { toIso } from '#fixtures/time';
import { resetToScenario } from '#mock/control/operations';
import { installTimeRules } from '#mock/rules/index';
import { MockState } from '#mock/core/state';
import { createRoutes, preloadPages } from '../app/router.tsx';
import { createErrorEffects, type ErrorEffectPorts } from '../lib/api/error-effects.ts';
import { createQueryClient } from '../lib/api/query-client.ts';
import { selectChild } from '../stores/child-store.ts';
import { sessionStore, signIn } from '../stores/session-store.ts';
import { setMockBackend } from './mock-backend.ts';
import { liveQueryClients } from './query-clients.ts';

export interface World {
  now: number;
  snapshot: Snapshot;
}

/** A named scenario (fixtures/scenarios.ts) or a function that builds a world (fixtures/snapshot.ts buildWorld). */
export type TestWorld = ScenarioName | (() => World);

export interface RouteOptions {
  /** What the mock holds; default the 'family' scenario (zhangwei with two children, no orders). */
  world?: TestWorld;
  /** Signs this parent (username) in before the page renders, as st_validate would have. */
  as?: string;
  /** The header's selected child (the contact_id cookie). */
  child?: number;
  /** Runs on the mock before the page renders, e.g. to inject faults its first calls meet. */
  prepare?: (mock: MockState) => void | Promise<void>;
}

const built = new Map<TestWorld, Promise<World>>();

/** Builds each world once per test file: rebuilding a scenario costs tens of ms, loading it a few. */
function worldOf(world: TestWorld): Promise<World> {
  let promise = built.get(world);
  if (!promise) {
    promise =
      typeof world === 'function'
        ? Promise.resolve(world())
        : (async () => {
            const state = new MockState({ now: 0, frozen: true });
            await resetToScenario(state, { scenario: world, seed: 1 });
            return { now: state.now(), snapshot: state.snapshot() };
          })();
    built.set(world, promise);
  }
  return promise;
}

/** A mock over the world, with the clock frozen at its now (tests move it with mock.clock.set). */
export async function createTestMock(world: TestWorld = 'family'): Promise<MockState> {
  const { now, snapshot } = await worldOf(world);
  const state = new MockState({ now, frozen: true });
  installTimeRules(state);
  // Checked against the record schemas when first loaded; later loads take the same rows as they are.
  await state.load(snapshot, { trusted: checked.has(world) });
  checked.add(world);
  return state;
}
const checked = new Set<TestWorld>();

/** Opens a session for a parent in the mock and in the app, as a validated ticket would. */
export async function signInAs(mock: MockState, username: string): Promise<Row<'parents'>> {
  const parent = mock.db.parents.findFirst((q) => q.where({ username }));
  if (!parent) throw new Error(`the world has no parent '${username}'`);
  const n = mock.db.sessions.count() + 1;
  const credentials = { clientId: `client-test-${n}`, accessToken: `token-test-${n}` };
  await mock.db.sessions.create({
    client_id: credentials.clientId,
    access_token: credentials.accessToken,
    user_id: parent.id,
    token_expires_at: toIso(mock.now() + mock.settings.tokenTtlMs),
    revoked: false,
  });
  signIn({ ...credentials, userId: parent.id });
  return parent;
}

export async function renderRoute(path: string, options: RouteOptions = {}) {
  const mock = await createTestMock(options.world);
  setMockBackend(mock);
  const user = options.as ? await signInAs(mock, options.as) : null;
  if (options.child !== undefined) selectChild(options.child);
  await options.prepare?.(mock);
  // Minimal answers (decision 073): st_validate would have said client_id and access_token alone.
  if (user && mock.settings.minimal) signIn({ clientId: sessionStore().clientId!, accessToken: sessionStore().accessToken!, userId: null });

  // The effects' outside world, recorded: toasts, going home, signing in again.
  const ports: { [K in keyof ErrorEffectPorts]: Mock<ErrorEffectPorts[K]> } = { toastError: vi.fn(), goHome: vi.fn(), relogin: vi.fn(), log: vi.fn() };
  // The address bar too, as the browser router would have it (sign-in sends location.href).
  window.history.replaceState(null, '', path);
  const queryClient = createQueryClient(createErrorEffects(ports));
  liveQueryClients.add(queryClient);
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  // The route's page module and the root loader first: the page then renders at once, and findBy
  // waits only for the page's own calls, not for a lazy chunk being compiled.
  await preloadPages(router.state.matches);
  if (!router.state.initialized) {
    await new Promise<void>((resolve) => {
      const stop = router.subscribe((state) => {
        if (!state.initialized) return;
        stop();
        resolve();
      });
    });
  }
  // The loader may have sent the address elsewhere (the guard goes home).
  await preloadPages(router.state.matches);
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return {
    ...view,
    mock,
    user,
    router,
    queryClient,
    ports,
    /** Where the app is now: pathname and search. */
    location: () => `${router.state.location.pathname}${router.state.location.search}`,
  };
}
