export { ClassBookingPage as Component } from '../../features/orders/class-booking-page.tsx';
