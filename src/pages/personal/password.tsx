export { PasswordPage as Component } from '../../features/account/password-page.tsx';
