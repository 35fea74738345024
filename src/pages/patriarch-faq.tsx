import { FaqPage } from '../features/info/faq.tsx';

export const Component = FaqPage;
