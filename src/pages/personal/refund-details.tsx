export { RefundDetailsPage as Component } from '../../features/refunds/refund-details-page.tsx';
