import { EnrollmentPage } from '../features/info/enrollment.tsx';

export const Component = EnrollmentPage;
