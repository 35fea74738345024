/** What the journeys on a backend built from the seed share (decision 073). */
import type { Page } from '@playwright/test';

/**
 * What the page reports as broken: an answer the app could not read (`[contract]`), a hydration
 * that failed, an uncaught error. A 404 of one of the project's own calls is how a spec-only
 * backend says it has none (decision 057): the browser logs it, and it is not counted.
 */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  page.on('pageerror', (error) => void errors.push(error.message));
  return errors;
}
