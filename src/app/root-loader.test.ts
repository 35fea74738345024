/**
 * The root loader's redirect after a ticket stays on the site (issue 38, finding 1): an address
 * whose path starts with `//` (another site to a browser) came back as the redirect's target.
 */
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createRootLoader } from './root-loader.ts';

async function redirectOf(address: string): Promise<string | null> {
  const load = createRootLoader(new QueryClient());
  try {
    await load({ request: new Request(address), params: {}, context: undefined } as never);
    return null;
  } catch (thrown) {
    return thrown instanceof Response ? thrown.headers.get('Location') : null;
  }
}

describe('the root loader after a ticket', () => {
  it.each([
    ['http://localhost//evil.example/?ticket=x', '/evil.example/'],
    ['http://localhost//evil.example/details?id=1&ticket=x#a', '/evil.example/details?id=1#a'],
    ['http://localhost/\\evil.example/?ticket=x', '/evil.example/'],
    ['http://localhost/..//evil.example/?ticket=x', '/evil.example/'],
    ['http://localhost/details?id=1&ticket=x', '/details?id=1'],
  ])('%s goes to %s, a page of this site', async (address, path) => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const location = await redirectOf(address);
    expect(location).toBe(path);
    expect(new URL(location!, 'https://portal.example.org').origin).toBe('https://portal.example.org');
  });
});
