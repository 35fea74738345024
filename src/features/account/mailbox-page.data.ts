/** What the page renders with (decision 080): the bound mailbox. */
import { apiQuery } from '#src/lib/api/queries.ts';
import type { RouteData } from '#src/lib/api/route-data.ts';

export const mailboxQuery = () => apiQuery('check_mailbox', {});

export const data: RouteData<'email'> = ({ ask }) => ask(mailboxQuery());
