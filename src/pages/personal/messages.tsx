export { MessagesPage as Component } from '../../features/messages/messages-page.tsx';
