export { SearchPage as Component } from '../features/search/search-page.tsx';
