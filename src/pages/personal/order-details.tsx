export { OrderDetailPage as Component } from '../../features/orders/order-detail-page.tsx';
