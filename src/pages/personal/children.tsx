export { ContactsPage as Component } from '../../features/contacts/contacts-page.tsx';
