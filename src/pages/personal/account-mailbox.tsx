import { MailboxPage } from '../../features/account/mailbox-page.tsx';

export function Component() {
  return <MailboxPage />;
}
