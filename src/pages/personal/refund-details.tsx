import { useIdParam } from '../../features/enrolment/use-id-param.ts';
import { RefundDetailsView } from '../../features/refunds/refund-details-view.tsx';

export function Component() {
  return <RefundDetailsView refundId={useIdParam('id')} />;
}
