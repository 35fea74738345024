/** A cookie the page writes is Secure on a page served over HTTPS, as the server's are (issue 38). */
import { describe, expect, it } from 'vitest';
import { documentCookieAttributes } from './cookie-jar.ts';

describe('documentCookieAttributes', () => {
  it('adds secure over HTTPS only, keeping the rest', () => {
    expect(documentCookieAttributes({ sameSite: 'Lax', expires: 1 }, 'https:')).toEqual({ sameSite: 'Lax', expires: 1, secure: true });
    expect(documentCookieAttributes({ sameSite: 'Lax' }, 'http:')).toEqual({ sameSite: 'Lax' });
    expect(documentCookieAttributes(undefined, 'https:')).toEqual({ secure: true });
  });
});
