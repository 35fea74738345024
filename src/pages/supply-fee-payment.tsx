export { SupplyFeePayPage as Component } from '../features/payment/supply-fee-pay-page.tsx';
