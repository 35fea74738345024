import { ClassBookingPage } from '../../features/orders/class-booking-page.tsx';

export function Component() {
  return <ClassBookingPage />;
}
