import { OrderDetailPage } from '../../features/orders/order-detail-page.tsx';

export function Component() {
  return <OrderDetailPage />;
}
