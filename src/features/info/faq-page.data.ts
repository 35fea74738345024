/** What the FAQ renders with (decision 080): the page of questions its address asks for. */
import { apiQuery } from '#src/lib/api/queries.ts';
import type { RouteData } from '#src/lib/api/route-data.ts';
import type { ReadSearch } from '#src/lib/routes.ts';

export const FAQ_PAGE_SIZE = 10;

/** A page of questions for a keyword (failures are explained on the page). */
export const questionsQuery = ({ keyword, page }: ReadSearch<'faq'>) =>
  apiQuery('parents_questions_and_answers', { query: { keyword: keyword || undefined, page: page ?? 1, page_size: FAQ_PAGE_SIZE } }, { errorHandling: 'manual' });

export const data: RouteData<'faq'> = ({ ask, search }) => ask(questionsQuery(search));
