/**
 * The mock account service never sends a browser (with a ticket) to another origin, whatever
 * `service` says: generated addresses, and the tricks open redirects are made of.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveService } from './service.ts';

const ORIGIN = 'https://portal.example.org';
const tricks = [
  '//evil.example',
  '///evil.example',
  '\\\\evil.example',
  '/\\evil.example',
  'https:evil.example',
  'https://portal.example.org@evil.example/',
  'https://evil.example#https://portal.example.org',
  'https://portal.example.org.evil.example/',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  ' https://evil.example',
  'HTTPS://EVIL.EXAMPLE',
  'https://evil.example%2f%2e%2e',
  '/%2F%2Fevil.example',
  'http://portal.example.org/',
  'https://portal.example.org:8443/',
];

describe('the service address', () => {
  it('resolves only to the portal’s own origin, for generated and hand-picked addresses', () => {
    const address = fc.oneof(
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
      fc.webPath().map((p) => `${ORIGIN}${p}`),
      fc.webPath(),
      fc.constantFrom(...tricks),
      fc.string({ maxLength: 40 }),
      fc.tuple(fc.constantFrom('/', '//', '\\', 'https:', 'http://'), fc.domain(), fc.webPath()).map(([a, d, p]) => `${a}${d}${p}`),
    );
    fc.assert(
      fc.property(address, (service) => {
        const target = resolveService(service, ORIGIN);
        if (target.ok) expect(target.url.origin).toBe(ORIGIN);
      }),
      { numRuns: 2000 },
    );
    for (const trick of tricks.slice(0, 14))
      expect(resolveService(trick, ORIGIN).ok ? resolveService(trick, ORIGIN) : 'refused', trick).toSatisfy((t: unknown) => t === 'refused' || (t as { url: URL }).url.origin === ORIGIN);
  });

  // A service that refused everything would pass the test above: the portal's own addresses must go through.
  it('takes every address on the portal’s own origin, absolute or relative, to that very address', () => {
    // Paths as the portal's links are: one slash, then segments (a leading '//' names another host).
    const ownPath = fc
      .array(
        fc.webSegment().filter((s) => s !== ''),
        { maxLength: 4 },
      )
      .map((segments) => `/${segments.join('/')}`);
    fc.assert(
      fc.property(ownPath, fc.webQueryParameters(), fc.boolean(), (path, query, absolute) => {
        const own = `${path}${query ? `?${query}` : ''}`;
        const target = resolveService(absolute ? `${ORIGIN}${own}` : own, ORIGIN);
        expect(target.ok, own).toBe(true);
        if (target.ok) expect(target.url.href).toBe(new URL(own, ORIGIN).href);
      }),
      { numRuns: 500 },
    );
    expect(resolveService('', ORIGIN)).toEqual({ ok: true, url: new URL('/', ORIGIN) });
    expect(resolveService(undefined, ORIGIN)).toEqual({ ok: true, url: new URL('/', ORIGIN) });
  });
});
