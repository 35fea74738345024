/**
 * Sessions as the catalogue describes them: no session → 99995; an unknown or logged-out
 * client_id → 99994; an expired access token → 99993 with a fresh token in data.access_token.
 *
 * A page sends its calls side by side: when the token has expired, the first call renews it and
 * the others arrive with the token it replaced. For a grace period after a renewal they get the
 * same answer (99993 with the token that replaced it), so each retries once with it instead of
 * sending the parent to sign in; after that the old token is just unknown (99995).
 */
import { AUTH_HEADER, CLIENT_ID_HEADER } from '#contract/index';
import { fromIso, toIso } from '#fixtures/time';
import type { Row } from './db.ts';
import { refuseCall as refuse } from './refusal.ts';
import type { MockState } from './state.ts';

/** How long a replaced token is still answered with its replacement (calls already in flight). */
export const TOKEN_GRACE_MS = 60_000;

export interface SessionInfo {
  user: Row<'parents'> | null;
  clientId: string | null;
}

/** Deterministic tokens: the same scenario and steps give the same tokens (QA can script them). */
export function tokenFor(state: MockState, userId: number, at = state.now()): string {
  return `AT-${userId}-${state.db.sessions.count() + 1}-${at.toString(36)}`;
}

export async function authenticate(state: MockState, request: Pick<Request, 'headers'>, required: boolean): Promise<SessionInfo> {
  const clientId = request.headers.get(CLIENT_ID_HEADER);
  const token = request.headers.get(AUTH_HEADER);
  if (!clientId || !token) {
    if (required) throw refuse('notSignedIn');
    return { user: null, clientId: null };
  }
  const session = state.db.sessions.findFirst((q) => q.where({ client_id: clientId }));
  if (!session || session.revoked) {
    if (required) throw refuse('sessionReplaced');
    return { user: null, clientId: null };
  }
  if (session.access_token !== token) {
    const inGrace = session.renewed_at != null && state.now() - fromIso(session.renewed_at) <= TOKEN_GRACE_MS;
    if (required && inGrace && session.previous_token === token) throw refuse('tokenExpired', undefined, { access_token: session.access_token });
    if (required) throw refuse('notSignedIn');
    return { user: null, clientId: null };
  }
  if (fromIso(session.token_expires_at) <= state.now()) {
    if (!required) return { user: null, clientId: null };
    throw refuse('tokenExpired', undefined, { access_token: await renewToken(state, session) });
  }
  const user = state.db.parents.findFirst((q) => q.where({ id: session.user_id })) ?? null;
  if (!user) throw refuse('sessionReplaced');
  return { user, clientId };
}

/**
 * Gives a session a fresh token (expired, or a tester's injected 99993) and keeps the one it
 * replaces for the grace period. Derived from the old token's expiry, so calls renewing it at
 * the same moment agree on the new one.
 */
export async function renewToken(state: MockState, session: Row<'sessions'>): Promise<string> {
  const fresh = tokenFor(state, session.user_id, fromIso(session.token_expires_at));
  const replaced = session.access_token;
  await state.db.sessions.update((q) => q.where({ client_id: session.client_id }), {
    data(s) {
      s.previous_token = replaced;
      s.renewed_at = toIso(state.now());
      s.access_token = fresh;
      s.token_expires_at = toIso(state.now() + state.settings.tokenTtlMs);
    },
  });
  state.onChange?.();
  return fresh;
}

/** The session a request's credentials name, whatever its state; null when there is none. */
export function sessionOf(state: MockState, request: Pick<Request, 'headers'>): Row<'sessions'> | null {
  const clientId = request.headers.get(CLIENT_ID_HEADER);
  return clientId ? (state.db.sessions.findFirst((q) => q.where({ client_id: clientId })) ?? null) : null;
}
