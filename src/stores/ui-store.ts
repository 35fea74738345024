/** UI state shared across the chrome: the loading overlay. */
import { proxy } from 'valtio';
import { scoped } from './request-scope.ts';

/** The visitor's overlay count (one per request on the server): `useSnapshot(uiStore())`. */
export const uiStore = scoped(() => proxy({ loadingCount: 0 }));

/** Shows the full-page loading overlay while `work` runs (nested calls stack). */
export async function withLoadingOverlay<T>(work: () => Promise<T>): Promise<T> {
  const store = uiStore();
  store.loadingCount += 1;
  try {
    return await work();
  } finally {
    store.loadingCount -= 1;
  }
}

/** Shows the overlay until the page goes (logout ends in a reload): nothing is left to take it away. */
export function holdLoadingOverlay(): void {
  uiStore().loadingCount += 1;
}

export function resetUiStore(): void {
  uiStore().loadingCount = 0;
}
