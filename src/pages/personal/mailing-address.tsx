export { MailingPage as Component } from '../../features/mailing/mailing-page.tsx';
