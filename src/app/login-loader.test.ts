/**
 * /login in the browser (decision 090): what a sign-in link does after the hydration, and in the
 * demo build, which has no server. The same sign-in as the document server's (server/login-route.test.ts):
 * the state in a cookie and in the address to come back to, the page named by `from`, on this site.
 */
import { act, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_STATE_COOKIE } from '#contract/account-service';
import { browser } from '../lib/browser.ts';
import { href } from '../lib/routes.ts';
import { renderRoute } from '../test/render-route.tsx';
import { signInTarget } from '../test/sign-in-target.ts';
import { loginLoader, signInReturn } from './login-loader.ts';

let assign: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
});

describe('/login in the browser', () => {
  /** Runs /login's loader on `target` as the browser router would, and answers where it sent the browser. */
  function load(target: string) {
    window.history.replaceState(null, '', '/apply');
    void loginLoader({ request: new Request(new URL(target, location.origin)), params: {}, context: undefined } as never);
    expect(assign).toHaveBeenCalledOnce();
    return signInTarget(assign.mock.calls[0]![0] as string);
  }

  it('starts a sign-in (the state in a cookie and in the address) and leaves for the account service, to come back to `from`', () => {
    expect(Cookies.get(LOGIN_STATE_COOKIE)).toBeUndefined();
    // signInTarget checks the state in the address is the cookie's.
    expect(load(href('login', { from: '/details?id=3' }))).toEqual({ path: '/__mock/account/login', service: `${location.origin}/details?id=3` });
  });

  it('refuses to come back anywhere but a page of this site', () => {
    expect(load(`/login?from=${encodeURIComponent('//evil.example/steal')}`).service).toBe(`${location.origin}/`);
  });

  it('opened as an address (the demo build), leaves without keeping /login in the history: Back does not sign in again', () => {
    const replace = vi.spyOn(browser, 'replace').mockImplementation(() => {});
    window.history.replaceState(null, '', href('login', { from: '/apply' }));
    void loginLoader({ request: new Request(new URL(href('login', { from: '/apply' }), location.origin)), params: {}, context: undefined } as never);
    expect(assign).not.toHaveBeenCalled();
    expect(replace).toHaveBeenCalledOnce();
    expect(signInTarget(replace.mock.calls[0]![0] as string).service).toBe(`${location.origin}/apply`);
  });

  it('reached by a link, leaves from the page the parent was on: the router never lands on /login', async () => {
    const app = await renderRoute('/apply');
    // Its promise never settles: the browser is leaving.
    act(() => void app.router.navigate(href('login', { from: '/apply' })));
    await waitFor(() => expect(assign).toHaveBeenCalledOnce());
    expect(signInTarget(assign.mock.calls[0]![0] as string).service).toBe(`${location.origin}/apply`);
    expect(app.location()).toBe('/apply');
  });
});

describe('signInReturn', () => {
  const origin = 'https://portal.example.org';
  it.each([
    ['/details?id=3#sessions', '/details?id=3#sessions'],
    ['/personal/myOrder?status=unpaid', '/personal/myOrder?status=unpaid'],
    [`${origin}/apply`, '/apply'],
    [undefined, '/'],
    ['//evil.example/x', '/'],
    ['/\\evil.example/x', '/'],
    ['https://evil.example/x', '/'],
    ['http://portal.example.org/x', '/'],
    ['javascript:alert(1)', '/'],
    ['details?id=3', '/'],
    ['/login?from=/apply', '/'],
    ['/loginClose', '/'],
    ['/..//evil.example', '/evil.example'],
  ])('%s comes back to %s', (from, path) => {
    expect(signInReturn(from, origin)).toBe(`${origin}${path}`);
  });
});
