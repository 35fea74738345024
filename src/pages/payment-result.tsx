export { PaymentResultPage as Component } from '../features/payment/payment-result-page.tsx';
