export { BrochurePage as Component } from '../features/info/brochure.tsx';
