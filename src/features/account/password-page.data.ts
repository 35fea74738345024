/** What the page renders with (decision 080): whether a password is set. */
import { apiQuery } from '#src/lib/api/queries.ts';
import type { RouteData } from '#src/lib/api/route-data.ts';

export const passwordQuery = () => apiQuery('change_password_get', {});

export const data: RouteData<'password'> = ({ ask }) => ask(passwordQuery());
