export { PayLinkPage as Component } from '../features/payment/pay-link-page.tsx';
