import { useSearchParams } from 'react-router-dom';
import { MailingView, safeBack } from './mailing-view.tsx';

export function MailingPage() {
  const [search] = useSearchParams();
  return <MailingView back={safeBack(search.get('back'))} />;
}
