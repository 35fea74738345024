/**
 * Per-visitor state on the server is the request's own (issue 38): the server's clock as the
 * backend's answers tell it is each request's, and nothing falls back to one scope shared by every
 * request, even where src/server/scope.ts has not been loaded.
 */
import { describe, expect, it } from 'vitest';
import { noteServerDate, serverNow } from '../lib/server-clock.ts';
import { inRequestScope } from './scope.ts';

describe('request scopes on the server', () => {
  it("keeps each request's server clock: one backend's Date header moves no other render's clock", async () => {
    const ahead = new Date(Date.now() + 30 * 86_400_000).toUTCString();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = inRequestScope([], async () => {
      noteServerDate(ahead);
      await held;
      return serverNow() - Date.now();
    });
    const second = inRequestScope([], async () => serverNow() - Date.now());
    expect(Math.abs(await second)).toBeLessThan(1000);
    release();
    expect(Math.round((await first) / 86_400_000)).toBe(30);
  });

  it('throws for state read outside a request, also in a module graph where scope.ts never ran', async () => {
    // A fresh instance of the module (the query makes it another module): nothing has provided scopes to it.
    const fresh = (await import(/* @vite-ignore */ `../stores/request-scope.ts?unprovided=${Date.now()}`)) as typeof import('../stores/request-scope.ts');
    const store = fresh.scoped(() => ({ parent: null }));
    expect(() => store()).toThrow(/outside a request/);
  });
});
