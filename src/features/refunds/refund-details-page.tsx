import { useSearchParams } from 'react-router-dom';
import { useIdParam } from '../../lib/use-id-param.ts';
import { RefundDetailsView } from './refund-details-view.tsx';

export function RefundDetailsPage() {
  const [params] = useSearchParams();
  // `&activity=1`: the link knew the refund is an activity's (use-refund-detail.ts).
  return <RefundDetailsView refundId={useIdParam('id')} activity={params.get('activity') === '1'} />;
}
