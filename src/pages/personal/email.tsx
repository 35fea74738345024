export { MailboxPage as Component } from '../../features/account/mailbox-page.tsx';
