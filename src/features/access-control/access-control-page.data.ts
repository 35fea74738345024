/** What 接送人管理 renders with (decision 080): the passed children (the chrome's), then the pickers of the child shown. */
import { apiQuery } from '#src/lib/api/queries.ts';
import type { RouteData } from '#src/lib/api/route-data.ts';
import { passedChildrenQuery } from '#src/lib/session/use-session.ts';
import { childStore } from '#src/stores/child-store.ts';

/** The child the address names, else the one chosen in the header, else the first. */
export function shownChild<C extends { id: number }>(list: readonly C[], wanted: number | undefined, selected: number | null): C | undefined {
  return list.find((c) => c.id === wanted) ?? list.find((c) => c.id === selected) ?? list[0];
}

export const pickersQuery = (childId: number) => apiQuery('get_access_control_info', { pathParams: { id: childId } });

export const data: RouteData<'pickupPeople'> = async ({ ask, search }) => {
  const child = shownChild((await ask(passedChildrenQuery())).list, search.child, childStore().contactId);
  return child ? ask(pickersQuery(child.id)) : undefined;
};
