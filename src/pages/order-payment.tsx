export { OrderPayPage as Component } from '../features/payment/order-pay-page.tsx';
