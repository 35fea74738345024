export { AppointmentPage as Component } from '../features/enrolment/appointment-page.tsx';
