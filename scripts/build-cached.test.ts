/**
 * A build is skipped only when this checkout's own output was made from these inputs: two
 * checkouts that share one node_modules (bench:web's --ab links it) keep separate records, so one
 * never takes the other's build for its own.
 */
import { describe, expect, it } from 'vitest';
import { stampOf } from './build-cached.mjs';

describe('build-cached records', () => {
  it("names each output folder's record by its absolute path, not by its place in its checkout", () => {
    // The same folder of two checkouts (each relative to its own root): two records.
    expect(stampOf('/work/a/dist-server', '/work/a')).not.toBe(stampOf('/work/b/dist-server', '/work/b'));
    expect(stampOf('/work/a/dist-server', '/work/a')).toBe(stampOf('/work/a/dist-server', '/work/a'));
    expect(stampOf('/work/a/dist', '/work/a')).not.toBe(stampOf('/work/a/dist-server', '/work/a'));
  });
});
