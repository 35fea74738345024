import type { QueryClient } from '@tanstack/react-query';

/** Query clients of the running test's renders; setup.ts clears them after it. */
export const liveQueryClients = new Set<QueryClient>();
