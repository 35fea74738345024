/**
 * What 孩子信息 renders with (decision 080): the list's first page and the detail of each child
 * refused (the reason), of the page its address asks for; or the form, adding (?add=1) or editing a child (?edit=id, its details).
 */
import { contactAuditStatus } from '#contract/coded-values';
import type { ErrorHandling } from '#src/lib/api/error-effects.ts';
import { apiQuery } from '#src/lib/api/queries.ts';
import type { RouteData } from '#src/lib/api/route-data.ts';

export const PAGE_SIZE = 10;

/** Spec §8: a failure to load contacts is only logged; the page says it with its retry. */
export const contactsQuery = (page: number) => apiQuery('contact_information', { query: { page, page_size: PAGE_SIZE } }, { errorHandling: 'log' });
export const contactDetailQuery = (id: number, errorHandling?: ErrorHandling) => apiQuery('detail_contact_information', { pathParams: { id } }, { errorHandling });
/** The grades the form offers (they do not change during a visit). */
export const gradesQuery = () => apiQuery('grade_type_enum_choose', {}, { staleTime: Infinity });

export const data: RouteData<'children'> = async ({ ask, search: { edit, add, page } }) => {
  if (add) return ask(gradesQuery());
  if (edit !== undefined) return [ask(contactDetailQuery(edit)), ask(gradesQuery())];
  const { list } = await ask(contactsQuery(page ?? 1));
  return list.filter((child) => child.audit_status === contactAuditStatus.values.rejected).map((child) => ask(contactDetailQuery(child.id, 'log')));
};
