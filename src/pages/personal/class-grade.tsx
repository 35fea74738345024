import { ClassGradePage } from '../../features/orders/class-grade-page.tsx';

export function Component() {
  return <ClassGradePage />;
}
