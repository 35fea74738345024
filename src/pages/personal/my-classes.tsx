export { ClassGradePage as Component } from '../../features/orders/class-grade-page.tsx';
