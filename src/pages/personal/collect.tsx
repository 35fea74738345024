import { CollectionsPage } from '../../features/collections/collections-page.tsx';

export const Component = CollectionsPage;
