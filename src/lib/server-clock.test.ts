import { afterEach, describe, expect, it } from 'vitest';
import { noteServerDate, serverNow, setServerClockOffset } from './server-clock.ts';

afterEach(() => setServerClockOffset(0));

describe('the server clock', () => {
  it('follows the Date header of the answers', () => {
    const browser = Date.parse('2026-11-21T10:00:00Z');
    noteServerDate('Sat, 05 Dec 2026 02:00:00 GMT', browser);
    const expected = Date.parse('2026-12-05T02:00:00Z') - browser;
    expect(Math.abs(serverNow() - Date.now() - expected)).toBeLessThan(5);
  });

  it('ignores a missing or broken header and sub-second jitter', () => {
    setServerClockOffset(10_000);
    noteServerDate(null);
    noteServerDate('not a date');
    noteServerDate(new Date(Date.now() + 10_500).toUTCString());
    expect(Math.round((serverNow() - Date.now()) / 1000)).toBe(10);
  });
});
