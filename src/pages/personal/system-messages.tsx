import { MessagesPage } from '../../features/messages/messages-page.tsx';

export const Component = MessagesPage;
