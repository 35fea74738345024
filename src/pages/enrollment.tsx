export { EnrollmentPage as Component } from '../features/info/enrollment.tsx';
