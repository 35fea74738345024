export { FeedbackPage as Component } from '../features/feedback/feedback-page.tsx';
