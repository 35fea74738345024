export { PaymentNoticePage as Component } from '../features/info/payment-notice.tsx';
