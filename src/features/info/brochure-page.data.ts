/** What the brochure renders with (decision 080): its notice and the term's settings; the categories and the site's information are the chrome's. */
import type { RouteData } from '#src/lib/api/route-data.ts';
import { globalConfigQuery } from '#src/lib/api/shared-queries.ts';
import { contentModules, frontContentQuery } from './front-content-query.ts';

export const data: RouteData<'brochure'> = ({ ask }) => [ask(frontContentQuery(contentModules.brochure)), ask(globalConfigQuery())];
