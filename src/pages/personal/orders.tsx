export { OrderListPage as Component } from '../../features/orders/order-list-page.tsx';
