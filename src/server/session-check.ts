/**
 * A visitor with a session is the backend's to judge before the document starts: a renewed token
 * (99993) is a cookie to set, an ended session (99995, 99994) a redirect to sign in, like any
 * page's (query-client.ts). The answer is the chrome's own personal data (chrome-data.ts), asked
 * once: the layout's declaration finds it in.
 */
import type { QueryClient } from '@tanstack/react-query';
import { currentUserQuery } from '../lib/session/use-session.ts';

/** Asks the backend about the session; the caller waits for it within its budget. */
export function checkSession(client: QueryClient): Promise<void> {
  return client.prefetchQuery(currentUserQuery());
}
