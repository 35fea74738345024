export { RefundRecords as Component } from '../../features/refunds/refund-records.tsx';
