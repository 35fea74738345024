export { EnrollmentPage as Component } from '../features/info/enquiries.tsx';
