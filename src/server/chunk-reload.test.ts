/**
 * The chunk-reload guard (src/app/chunk-reload.ts) is the browser's: on the server (Node, no
 * window, no sessionStorage) a page module that fails to load is that module's own error, rethrown
 * as it is, never replaced by the guard's own failure to reach a browser API (issue 45).
 */
import { describe, expect, it } from 'vitest';
import { reloadForChunkError, withChunkReload } from '../app/chunk-reload.ts';

describe('the chunk-reload guard on the server', () => {
  it('rethrows the failed import as it is', async () => {
    const real = new ReferenceError('window is not defined');
    await expect(withChunkReload(() => Promise.reject(real))()).rejects.toBe(real);
  });

  it('never reloads: there is no page to reload', () => {
    expect(reloadForChunkError()).toBe(false);
  });
});
