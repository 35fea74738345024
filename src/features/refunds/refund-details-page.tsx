import { useIdParam } from '../../lib/use-id-param.ts';
import { RefundDetailsView } from './refund-details-view.tsx';

export function RefundDetailsPage() {
  return <RefundDetailsView refundId={useIdParam('id')} />;
}
