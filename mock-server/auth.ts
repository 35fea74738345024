/**
 * Sessions as the catalogue describes them: no session → 99995; an unknown or logged-out
 * client_id → 99994; an expired access token → 99993 with a fresh token in data.access_token.
 */
import { AUTH_HEADER, CLIENT_ID_HEADER } from '#contract/index';
import { fromIso, toIso } from '#fixtures/time';
import type { Row } from './db.ts';
import { refuseCall as refuse } from './refusal.ts';
import type { MockState } from './state.ts';

export interface SessionInfo {
  user: Row<'parents'> | null;
  clientId: string | null;
}

/** Deterministic tokens: the same scenario and steps give the same tokens (QA can script them). */
export function tokenFor(state: MockState, userId: number, at = state.now()): string {
  return `AT-${userId}-${state.db.sessions.count() + 1}-${at.toString(36)}`;
}

export async function authenticate(state: MockState, request: Request, required: boolean): Promise<SessionInfo> {
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
    // A page sends its calls side by side: when the token has expired, the first one renews it
    // and the others arrive with the expired token. They get the same answer (99993 with the
    // token that replaced it), so each retries once instead of sending the parent to sign in.
    if (required && session.previous_token === token) throw refuse('tokenExpired', undefined, { access_token: session.access_token });
    if (required) throw refuse('notSignedIn');
    return { user: null, clientId: null };
  }
  if (fromIso(session.token_expires_at) <= state.now()) {
    if (!required) return { user: null, clientId: null };
    // Derived from the expired token's own expiry, so calls renewing it at the same time agree.
    const fresh = tokenFor(state, session.user_id, fromIso(session.token_expires_at));
    await state.db.sessions.update(session, {
      data(s) {
        s.previous_token = token;
        s.access_token = fresh;
        s.token_expires_at = toIso(state.now() + state.settings.tokenTtlMs);
      },
    });
    state.onChange?.();
    throw refuse('tokenExpired', undefined, { access_token: fresh });
  }
  const user = state.db.parents.findFirst((q) => q.where({ id: session.user_id })) ?? null;
  if (!user) throw refuse('sessionReplaced');
  return { user, clientId };
}
