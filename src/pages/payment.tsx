import { PaymentNoticePage } from '../features/info/payment-notice.tsx';

export const Component = PaymentNoticePage;
