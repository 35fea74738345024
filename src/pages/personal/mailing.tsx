import { useSearchParams } from 'react-router-dom';
import { MailingView, safeBack } from '../../features/mailing/mailing-view.tsx';

export function Component() {
  const [search] = useSearchParams();
  return <MailingView back={safeBack(search.get('back'))} />;
}
