/**
 * The parent's one mailing address (get_mail_info/{user id}). The user id comes from sign-in
 * (st_validate's user_id), else personal_data's id. A backend that sends neither (SPEC.md names
 * neither field) leaves the address unreadable: `unknownUser`, a requirement for the backend team
 * (docs/api, decision 073).
 */
import { useSnapshot } from 'valtio';
import { useApiQuery, type Data } from './api/queries.ts';
import { sessionStore } from '../stores/session-store.ts';
import { useCurrentUser } from './session/use-session.ts';

export type MailInfo = NonNullable<Data<'get_mail_info'>['mail_info']>;

export function useUserId(): { userId: number | null; isPending: boolean; isError: boolean } {
  const stored = useSnapshot(sessionStore()).userId;
  const user = useCurrentUser();
  if (stored !== null) return { userId: stored, isPending: false, isError: false };
  return { userId: user.data?.user_info.id ?? null, isPending: user.isPending, isError: user.isError };
}

export function useMailInfo() {
  const { userId, isPending, isError } = useUserId();
  const user = useCurrentUser();
  const query = useApiQuery('get_mail_info', { pathParams: { id: userId ?? 0 } }, { enabled: userId !== null });
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
