import { ContactsPage } from '../../features/contacts/contacts-page.tsx';

export function Component() {
  return <ContactsPage />;
}
