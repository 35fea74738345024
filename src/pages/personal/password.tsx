import { PasswordPage } from '../../features/account/password-page.tsx';

export function Component() {
  return <PasswordPage />;
}
