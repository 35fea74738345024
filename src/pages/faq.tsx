export { FaqPage as Component } from '../features/info/faq.tsx';
