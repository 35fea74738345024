export { RefundConfirmPage as Component } from '../../features/refunds/refund-confirm-page.tsx';
