export { ClassDetailsPage as Component } from '../features/class-details/class-details-page.tsx';
