export { PhonePage as Component } from '../../features/account/phone-page.tsx';
