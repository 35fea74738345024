import { LoginClosePage } from '../features/info/login-close.tsx';

export const Component = LoginClosePage;
