import { BrochurePage } from '../features/info/brochure.tsx';

export const Component = BrochurePage;
