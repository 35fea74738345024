/** What 邮寄地址 renders with (decision 080): the parent's one mailing address. */
import type { RouteData } from '#src/lib/api/route-data.ts';
import { askMailInfo } from '#src/lib/mail-info.ts';

export const data: RouteData<'mailingAddress'> = ({ ask }) => askMailInfo(ask);
