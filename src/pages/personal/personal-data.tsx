import { PersonalDataPage } from '../../features/account/personal-data-page.tsx';

export function Component() {
  return <PersonalDataPage />;
}
