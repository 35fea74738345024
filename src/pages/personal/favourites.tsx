export { CollectionsPage as Component } from '../../features/collections/collections-page.tsx';
