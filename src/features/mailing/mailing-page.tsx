import { useRouteSearch } from '#src/lib/use-route-search.ts';
import { MailingView, safeBack } from './mailing-view.tsx';

export function MailingPage() {
  return <MailingView back={safeBack(useRouteSearch('mailingAddress').back ?? null)} />;
}
