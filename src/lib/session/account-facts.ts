/**
 * What the personal pages tell of the account beyond SPEC.md's four fields of personal data
 * (url, real_name, phone, username): the bound mailbox, the real-name status, whether a password is
 * set, whether WeChat is bound. personal_data's own fields when it sends them; else each from the
 * account's §7 call for it, asked only then (decision 073). undefined: not known (yet, or that call
 * failed too): the page says less.
 */
import { thirdPartyKind, type realNameStatus, type ValueOf } from '#contract/coded-values';
import { useApiQuery, type Data } from '../api/queries.ts';

type UserInfo = Data<'personal_data'>['user_info'];

export interface AccountFacts {
  /** The masked mailbox, null when none is bound. */
  mailbox: string | null | undefined;
  realNameStatus: ValueOf<typeof realNameStatus> | undefined;
  hasPassword: boolean | undefined;
  wechatBound: boolean | undefined;
  /** One of the account's calls asked in personal_data's stead has not answered yet. */
  pending: boolean;
}

export function useAccountFacts(info: UserInfo | undefined, wanted: readonly (keyof AccountFacts)[] = ['mailbox', 'realNameStatus', 'hasPassword', 'wechatBound']): AccountFacts {
  const ask = (fact: keyof AccountFacts, field: keyof UserInfo) => info !== undefined && info[field] === undefined && wanted.includes(fact);
  const quiet = { errorHandling: 'log', staleTime: 60_000 } as const;
  const mailbox = useApiQuery('check_mailbox', {}, { ...quiet, enabled: ask('mailbox', 'mailbox') });
  const realName = useApiQuery('real_name_authentication_get', {}, { ...quiet, enabled: ask('realNameStatus', 'real_name_status') });
  const password = useApiQuery('change_password_get', {}, { ...quiet, enabled: ask('hasPassword', 'has_password') });
  const wechat = useApiQuery('get_register_user_auth_info', {}, { ...quiet, enabled: ask('wechatBound', 'wechat_bound') });
  return {
    mailbox: info?.mailbox !== undefined ? info.mailbox : mailbox.data && (mailbox.data.is_bound ? mailbox.data.mailbox : null),
    realNameStatus: info?.real_name_status ?? realName.data?.status,
    hasPassword: info?.has_password ?? password.data?.has_password,
    wechatBound: info?.wechat_bound ?? (wechat.data ? wechat.data.list.some((b) => b.auth_type === thirdPartyKind.values.wechat) : undefined),
    // A disabled query is pending too: only those asked count.
    pending: [mailbox, realName, password, wechat].some((query) => query.isFetching && query.isPending),
  };
}
