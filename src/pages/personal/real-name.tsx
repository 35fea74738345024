export { RealNamePage as Component } from '../../features/account/real-name-page.tsx';
