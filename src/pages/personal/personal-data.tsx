export { PersonalDataPage as Component } from '../../features/account/personal-data-page.tsx';
