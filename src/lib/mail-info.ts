/**
 * The parent's one mailing address (get_mail_info/{user id}). The user id comes from sign-in
 * (st_validate's user_id), else personal_data's id. A backend that sends neither (SPEC.md names
 * neither field) leaves the address unreadable: `unknownUser`, a requirement for the backend team
 * (docs/api, decision 073).
 */
import { useSnapshot } from 'valtio';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { apiQuery, type Data } from './api/queries.ts';
import { sessionStore } from '../stores/session-store.ts';
import { currentUserQuery, useCurrentUser } from './session/use-session.ts';

export type MailInfo = NonNullable<Data<'get_mail_info'>['mail_info']>;

export function useUserId(): { userId: number | null; isPending: boolean; isError: boolean } {
  const stored = useSnapshot(sessionStore()).userId;
  const user = useCurrentUser();
  if (stored !== null) return { userId: stored, isPending: false, isError: false };
  return { userId: user.data?.user_info.id ?? null, isPending: user.isPending, isError: user.isError };
}

/** The parent's mailing address, by their user id. */
export const mailInfoQuery = (userId: number) => apiQuery('get_mail_info', { pathParams: { id: userId } });

/** The address as a route declares it (route-data.ts): the user id from sign-in, else from personal_data; without either, nothing to ask. */
export async function askMailInfo(ask: QueryClient['ensureQueryData']): Promise<unknown> {
  const userId = sessionStore().userId ?? (await ask(currentUserQuery())).user_info.id;
  return userId === undefined ? undefined : ask(mailInfoQuery(userId));
}

export function useMailInfo() {
  const { userId, isPending, isError } = useUserId();
  const user = useCurrentUser();
  const query = useQuery({ ...mailInfoQuery(userId ?? 0), enabled: userId !== null });
  return {
    userId,
    query,
    /** Still finding out whose address to read, or reading it. */
    isPending: userId === null ? isPending : query.isPending,
    isError: userId === null ? isError : query.isError,
    /** The backend said who the parent is without their user id: their address cannot be read. */
    unknownUser: userId === null && !isPending && !isError,
    mailInfo: query.data?.mail_info ?? null,
    retry: () => void (userId === null ? user.refetch() : query.refetch()),
  };
}

/** 北京市 北京市 西城区 平安里西大街1号: cities that are their own province are said once. */
export function fullAddress(m: Pick<MailInfo, 'province' | 'city' | 'district' | 'address'>): string {
  const region = m.province === m.city ? [m.province, m.district] : [m.province, m.city, m.district];
  return `${region.join('')}${m.address}`;
}
