import { PhonePage } from '../../features/account/phone-page.tsx';

export function Component() {
  return <PhonePage />;
}
