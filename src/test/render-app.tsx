/** Renders the real routes in memory, with a query client wired to fake error effects. */
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { createRoutes } from '../app/router.tsx';
import { createErrorEffects } from '../lib/api/error-effects.ts';
import { createQueryClient } from '../lib/api/query-client.ts';
import { liveQueryClients } from './query-clients.ts';

export function renderApp(path: string) {
  const ports = { toastError: vi.fn(), goHome: vi.fn(), relogin: vi.fn(), log: vi.fn() };
  // The address bar too, as the browser router would have it (sign-in sends location.href).
  window.history.replaceState(null, '', path);
  const queryClient = createQueryClient(createErrorEffects(ports));
  liveQueryClients.add(queryClient);
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient, ports, location: () => `${router.state.location.pathname}${router.state.location.search}` };
}
