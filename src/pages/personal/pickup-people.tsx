export { AccessControlPage as Component } from '../../features/access-control/access-control-page.tsx';
