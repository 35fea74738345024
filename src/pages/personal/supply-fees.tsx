export { SupplyFeePage as Component } from '../../features/orders/supply-fee-page.tsx';
