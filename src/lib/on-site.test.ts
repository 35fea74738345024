/**
 * Every address the portal sends a visitor to stays on the portal (issue 38, DESIGN.md's fourth
 * wave): the paths the app and the server redirect to, and the Location headers the server sends.
 */
import { describe, expect, it } from 'vitest';
import { onSiteLocation, pathOnOrigin, sitePath } from './on-site.ts';

const SITE = 'https://portal.example.org';
const ACCOUNT = 'https://account.example.org/login';

describe('sitePath', () => {
  it('keeps a path of the site as it is: path, query and fragment', () => {
    expect(sitePath('/details?id=1#rules')).toBe('/details?id=1#rules');
    expect(sitePath('/')).toBe('/');
    expect(sitePath('/searchHome?name=%E7%BE%8E')).toBe('/searchHome?name=%E7%BE%8E');
  });

  it('collapses what a browser would read as another site into a path of this one', () => {
    for (const [target, path] of [
      ['//evil.example/', '/evil.example/'],
      ['///evil.example/x?y=1', '/evil.example/x?y=1'],
      ['/\\evil.example/', '/evil.example/'],
      ['\\\\evil.example', '/evil.example'],
      ['/\t/evil.example/', '/evil.example/'],
      ['/\n/evil.example/', '/evil.example/'],
      ['/..//evil.example/', '/evil.example/'],
      ['/./\\/evil.example', '/evil.example'],
      ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    ]) {
      const collapsed = sitePath(target!);
      expect(collapsed, JSON.stringify(target)).toBe(path);
      // Whatever it is, a browser resolving it stays on the site.
      expect(new URL(collapsed, SITE).origin, JSON.stringify(target)).toBe(SITE);
    }
  });

  it('sends anything that is no path of the site home', () => {
    for (const target of ['https://evil.example/', 'http:evil.example', 'javascript:alert(1)', 'data:text/html,x', 'details?id=1', '', ' //evil.example', '\u0000//evil.example']) {
      expect(sitePath(target), JSON.stringify(target)).toBe('/');
    }
  });

  it('holds for generated paths: a browser never leaves the site', () => {
    const pieces = ['/', '\\', '.', '..', '%2F', '\t', 'evil.example', ':', '@', '?', '#', 'a'];
    for (let i = 0; i < 3000; i += 1) {
      let target = '';
      for (let n = 0; n < 1 + (i % 7); n += 1) target += pieces[(i * 7 + n * 13 + ((i >> n) & 5)) % pieces.length];
      expect(new URL(sitePath(target), SITE).origin, JSON.stringify(target)).toBe(SITE);
    }
  });
});

describe('pathOnOrigin', () => {
  it('is the site path of an address on the origin, made safe; null for another origin or no address', () => {
    expect(pathOnOrigin(`${SITE}/details?id=1#top`, SITE)).toBe('/details?id=1#top');
    expect(pathOnOrigin(`${SITE}/..//evil.example/`, SITE)).toBe('/evil.example/');
    expect(pathOnOrigin('https://evil.example/details', SITE)).toBeNull();
    expect(pathOnOrigin('http://portal.example.org/details', SITE)).toBeNull();
    expect(pathOnOrigin('/details', SITE)).toBeNull();
    expect(pathOnOrigin('javascript:alert(1)', SITE)).toBeNull();
  });
});

describe('onSiteLocation', () => {
  it('lets a path of the site through, and the configured account service', () => {
    expect(onSiteLocation('/', { origin: SITE, accountService: ACCOUNT })).toBe('/');
    expect(onSiteLocation(`${SITE}/details?id=1`, { origin: SITE, accountService: ACCOUNT })).toBe(`${SITE}/details?id=1`);
    const login = `${ACCOUNT}?service=${encodeURIComponent(`${SITE}/details?id=1`)}`;
    expect(onSiteLocation(login, { origin: SITE, accountService: ACCOUNT })).toBe(login);
  });

  it('sends any other place home', () => {
    for (const location of [
      '//evil.example/',
      'https://evil.example/',
      'https://account.example.org/other',
      'https://account.example.org.evil.example/login',
      'javascript:alert(1)',
      '/\\evil.example',
    ]) {
      const kept = onSiteLocation(location, { origin: SITE, accountService: ACCOUNT });
      expect([SITE, new URL(ACCOUNT).origin], location).toContain(new URL(kept, SITE).origin);
      if (new URL(kept, SITE).origin !== SITE) expect(kept.startsWith(`${ACCOUNT}?`) || kept === ACCOUNT, location).toBe(true);
    }
  });
});
