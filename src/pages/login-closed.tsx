export { LoginClosePage as Component } from '../features/info/login-close.tsx';
