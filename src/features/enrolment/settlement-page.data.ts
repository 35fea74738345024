/** What the order's confirmation renders with (decision 080): the sign-up, then its class. */
import { apiQuery } from '#src/lib/api/queries.ts';
import type { RouteData } from '#src/lib/api/route-data.ts';
import { classDetailQuery } from '#src/lib/api/shared-queries.ts';

export const signUpQuery = (id: number) => apiQuery('sign_up_get', { pathParams: { id } }, { errorHandling: 'manual' });

export const data: RouteData<'orderConfirm'> = async ({ ask, search: { signUpId } }) => {
  if (signUpId === undefined) return [];
  const signUp = await ask(signUpQuery(signUpId));
  return signUp.class_id > 0 ? [ask(classDetailQuery(signUp.class_id))] : [];
};
