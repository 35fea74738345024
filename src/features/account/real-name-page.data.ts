/** What the page renders with (decision 080): the real-name record. */
import { apiQuery } from '#src/lib/api/queries.ts';
import type { RouteData } from '#src/lib/api/route-data.ts';

export const realNameQuery = () => apiQuery('real_name_authentication_get', {});

export const data: RouteData<'realName'> = ({ ask }) => ask(realNameQuery());
