import { AccessControlPage } from '../../features/access-control/access-control-page.tsx';

export const Component = AccessControlPage;
