/** A page's data failing once, and the page loading it again when the parent asks. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { fail, http, server } from './api-server.ts';

/** The next GET of `path` (msw's pattern) fails as the backend does, with its code and words. */
export function failOnce(path: string, code = 500000, msg = '服务器开小差了，请稍后再试'): void {
  server.use(http.get(path, () => fail(500, code, msg), { once: true }));
}

/** The page (or `scope`) shows an alert saying `text`; its 重新加载 asks again. */
export async function reloadAfterFailure(text: string, scope?: HTMLElement): Promise<void> {
  const alert = await (scope ? within(scope) : screen).findByRole('alert');
  expect(alert).toHaveTextContent(text);
  await userEvent.click(within(alert).getByRole('button', { name: '重新加载' }));
}
