/** What the payment notice renders with (decision 080). */
import type { RouteData } from '#src/lib/api/route-data.ts';
import { contentModules, frontContentQuery } from './front-content-query.ts';

export const data: RouteData<'paymentNotice'> = ({ ask }) => ask(frontContentQuery(contentModules.paymentNotice));
