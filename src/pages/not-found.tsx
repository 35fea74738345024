import NotFound from './not-found-view.tsx';

export const Component = NotFound;
