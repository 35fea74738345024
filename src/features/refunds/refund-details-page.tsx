import { useRouteSearch } from '#src/lib/use-route-search.ts';
import { RefundDetailsView } from './refund-details-view.tsx';

export function RefundDetailsPage() {
  const { id, activity } = useRouteSearch('refundDetails');
  // `&activity=1`: the link knew the refund is an activity's (use-refund-detail.ts).
  return <RefundDetailsView refundId={id ?? null} activity={activity === true} />;
}
