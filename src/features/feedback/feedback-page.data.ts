/** What the feedback page renders with (decision 080): the kinds of problem a parent picks from. */
import { apiQuery } from '#src/lib/api/queries.ts';
import type { RouteData } from '#src/lib/api/route-data.ts';

export const problemTypesQuery = () => apiQuery('feedback_get_problem_type', {}, { errorHandling: 'manual', staleTime: 10 * 60_000 });

export const data: RouteData<'feedback'> = ({ ask }) => ask(problemTypesQuery());
