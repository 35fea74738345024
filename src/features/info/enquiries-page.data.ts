/** What the enquiries page renders with (decision 080): the center's contacts and its organisations. */
import { apiQuery } from '#src/lib/api/queries.ts';
import type { RouteData } from '#src/lib/api/route-data.ts';

// Failures are explained on the page.
export const contactUsQuery = () => apiQuery('contact_us', {}, { errorHandling: 'manual' });
export const organisationsQuery = () => apiQuery('get_all_org', {}, { errorHandling: 'manual' });

export const data: RouteData<'enquiries'> = ({ ask }) => [ask(contactUsQuery()), ask(organisationsQuery())];
