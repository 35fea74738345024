export { SettlementPage as Component } from '../features/enrolment/settlement-page.tsx';
