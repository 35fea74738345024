import { SupplyFeePage } from '../../features/orders/supply-fee-page.tsx';

export function Component() {
  return <SupplyFeePage />;
}
