/** The signed-in parent and their children, as the chrome shows them (spec §4). */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../api/queries.ts';
import { sessionStore } from '../../stores/session-store.ts';

export function useSignedIn(): boolean {
  return useSnapshot(sessionStore()).clientId !== null;
}

/** The signed-in parent's personal data (the chrome's name and avatar); a failure is only logged (spec §8). */
export const currentUserQuery = () => apiQuery('personal_data', {}, { errorHandling: 'log', staleTime: 5 * 60_000 });

/** The children whose profile passed review: the only ones who can be signed up. */
export const passedChildrenQuery = () => apiQuery('contact_information', { query: { passed: true, page_size: 100 } }, { errorHandling: 'log', staleTime: 5 * 60_000 });

/** Unread system messages (useUnreadCount). */
export const unreadCountQuery = () => apiQuery('system_message_is_see_num', {}, { errorHandling: 'log' });

/** Personal data loads after sign-in. */
export function useCurrentUser() {
  const signedIn = useSignedIn();
  return useQuery({ ...currentUserQuery(), enabled: signedIn });
}

export function usePassedChildren() {
  const signedIn = useSignedIn();
  return useQuery({ ...passedChildrenQuery(), enabled: signedIn });
}

/**
 * Unread system messages (the user menu, the personal menu and the messages page show it). News the
 * backend writes meanwhile (an order closed, a refund completed: issue 26) shows within a minute,
 * and as soon as the parent moves to another page.
 */
export function useUnreadCount(): number {
  const signedIn = useSignedIn();
  const query = useQuery({ ...unreadCountQuery(), enabled: signedIn, refetchInterval: 60_000 });
  const { pathname } = useLocation();
  const shownAt = useRef(pathname);
  const { refetch } = query;
  useEffect(() => {
    if (shownAt.current === pathname) return;
    shownAt.current = pathname;
    // One call for every reader of the count: a fetch on its way is joined, not restarted.
    if (signedIn) void refetch({ cancelRefetch: false });
  }, [pathname, signedIn, refetch]);
  return query.data?.num ?? 0;
}

/**
 * Spec §3: real_name, else phone, else the id; the id is not among the fields SPEC.md names of
 * personal data, so without it the username (which it does name) stands in (decision 073).
 */
export function displayName(user: { real_name: string | null; phone: string | null; id?: number; username: string }): string {
  return user.real_name || user.phone || (user.id !== undefined ? String(user.id) : user.username);
}
