import { RealNamePage } from '../../features/account/real-name-page.tsx';

export function Component() {
  return <RealNamePage />;
}
