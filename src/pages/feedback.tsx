import { FeedbackPage } from '../features/feedback/feedback-page.tsx';

export const Component = FeedbackPage;
