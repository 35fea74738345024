/** What the page renders with (decision 080): the bound phone number. */
import { apiQuery } from '#src/lib/api/queries.ts';
import type { RouteData } from '#src/lib/api/route-data.ts';

export const phoneQuery = () => apiQuery('see_phone_num', {});

export const data: RouteData<'phone'> = ({ ask }) => ask(phoneQuery());
