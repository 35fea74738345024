/** UI state shared across the chrome: the loading overlay. */
import { proxy } from 'valtio';

export const uiStore = proxy({ loadingCount: 0 });

/** Shows the full-page loading overlay while `work` runs (nested calls stack). */
export async function withLoadingOverlay<T>(work: () => Promise<T>): Promise<T> {
  uiStore.loadingCount += 1;
  try {
    return await work();
  } finally {
    uiStore.loadingCount -= 1;
  }
}

/** Shows the overlay until the page goes (logout ends in a reload): nothing is left to take it away. */
export function holdLoadingOverlay(): void {
  uiStore.loadingCount += 1;
}

export function resetUiStore(): void {
  uiStore.loadingCount = 0;
}
