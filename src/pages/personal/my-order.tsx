import { OrderListPage } from '../../features/orders/order-list-page.tsx';

export function Component() {
  return <OrderListPage />;
}
