/**
 * The calls a layout's chrome renders with (the header, the menus, the footer): declared by the
 * layout's route, beside the page's own (decision 080). A parent's name, children and unread
 * count only with a session; the empty layout has no chrome.
 */
import type { DataArgs } from '#src/lib/api/route-data.ts';
import { classCategoryQuery, siteInformationQuery } from '#src/lib/api/shared-queries.ts';
import type { Layout } from '#src/lib/routes.ts';
import { ossQuery } from '#src/lib/session/oss.ts';
import { currentUserQuery, passedChildrenQuery, unreadCountQuery } from '#src/lib/session/use-session.ts';
import { sessionStore } from '#src/stores/session-store.ts';

export function chromeData(layout: Layout, { ask }: Pick<DataArgs, 'ask'>): unknown[] {
  if (layout === 'empty') return [];
  return [ask(siteInformationQuery()), ask(ossQuery()), ask(classCategoryQuery()), ...(sessionStore().clientId ? [ask(currentUserQuery()), ask(passedChildrenQuery()), ask(unreadCountQuery())] : [])];
}
