import { RefundRecords } from '../../features/refunds/refund-records.tsx';

export function Component() {
  return <RefundRecords />;
}
