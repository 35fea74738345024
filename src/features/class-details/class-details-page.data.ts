/**
 * What a class's page renders with (decision 080): the class, then, once it is there to show,
 * where it sits in the catalogue, its sessions, and for a parent with a session whether it is a
 * favourite and the selected child's sign-ups (what the sign-up button says). Not before: a class
 * not found would have them refused too.
 */
import { apiQuery } from '#src/lib/api/queries.ts';
import type { RouteData } from '#src/lib/api/route-data.ts';
import { classDetailQuery } from '#src/lib/api/shared-queries.ts';
import { childStore } from '#src/stores/child-store.ts';
import { sessionStore } from '#src/stores/session-store.ts';

export const categoryQuery = (id: number) => apiQuery('get_major_categories_of_projects', { pathParams: { id } }, { errorHandling: 'log', staleTime: 5 * 60_000 });
export const sessionsQuery = (id: number) => apiQuery('class_detail_datetime_and_classroom', { pathParams: { id } });
export const collectedQuery = (id: number) => apiQuery('judge_whether_collection', { pathParams: { id } });
/** Unknown sign-ups must not block the button (the backend refuses a second sign-up anyway): logged only. */
export const childSignUpsQuery = (contactId: number) => apiQuery('sign_up_list', { query: { contact_id: contactId, page_size: 100 } }, { errorHandling: 'log' });

export const data: RouteData<'classDetails'> = async ({ ask, search: { id } }) => {
  if (id === undefined) return [];
  const signedIn = sessionStore().clientId !== null;
  const { contactId } = childStore();
  await ask(classDetailQuery(id));
  return [ask(categoryQuery(id)), ask(sessionsQuery(id)), ...(signedIn ? [ask(collectedQuery(id))] : []), ...(signedIn && contactId !== null ? [ask(childSignUpsQuery(contactId))] : [])];
};
