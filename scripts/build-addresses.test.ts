/**
 * The addresses a build writes into the app are links too (decision 046): the account service's
 * login page (the app sends the browser there), the API's origin and the files' fallback base. A
 * `javascript:` or `//host` value fails the build instead of reaching a parent.
 */
import { afterEach, describe, expect, it } from 'vitest';
import config from '../vite.config.ts';

const configure = (env: Record<string, string>) => {
  Object.assign(process.env, env);
  return (config as (c: { command: 'build' | 'serve'; mode: string }) => unknown)({ command: 'build', mode: 'production' });
};

const names = ['VITE_ACCOUNT_SERVICE_URL', 'VITE_API_BASE_URL', 'VITE_OSS_FALLBACK_URL', 'VITE_BACKEND'];
afterEach(() => {
  for (const name of names) delete process.env[name];
});

describe('the build’s configured addresses', () => {
  it('take http(s) and the portal’s own paths', () => {
    expect(() =>
      configure({ VITE_BACKEND: 'real', VITE_ACCOUNT_SERVICE_URL: 'https://cas.example.org/login', VITE_API_BASE_URL: 'https://api.example.org', VITE_OSS_FALLBACK_URL: '/oss/' }),
    ).not.toThrow();
  });

  it.each([
    ['VITE_ACCOUNT_SERVICE_URL', 'javascript:alert(1)'],
    ['VITE_ACCOUNT_SERVICE_URL', '//cas.evil.example/login'],
    // A real build's account service is another site: a path of the portal is a mistake (issue 38).
    ['VITE_ACCOUNT_SERVICE_URL', '/__mock/account/login'],
    ['VITE_API_BASE_URL', '/api'],
    ['VITE_OSS_FALLBACK_URL', 'data:text/html,x'],
  ])('refuse %s=%s', (name, value) => {
    expect(() => configure({ VITE_BACKEND: 'real', [name]: value })).toThrow(new RegExp(name));
  });
});
