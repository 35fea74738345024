/**
 * axe-core in the page under test, injected once per document and run directly.
 *
 * @axe-core/playwright's AxeBuilder injects axe into every frame on each call and finishes the run
 * in a blank page of its own: 1.3-1.6 s a check on this machine kind, against 0.16-0.28 s for the
 * same rules run in the page (measured on /personal/myOrder, decision 048). The portal has no frames, so
 * nothing is lost; the rules are the same (`runOnly` by tag), and only violations are collected.
 */
import type { Page } from '@playwright/test';
import axe, { type AxeResults } from 'axe-core';

declare global {
  interface Window {
    axe?: typeof axe;
  }
}

/** The violations of the rules tagged `tags`, over the whole document. */
export async function axeViolations(page: Page, tags: readonly string[]): Promise<AxeResults['violations']> {
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(axe.source);
  if (page.frames().length > 1) throw new Error('axeViolations checks the top document only, and this page has frames');
  return page.evaluate(async (values) => (await window.axe!.run(document, { runOnly: { type: 'tag', values }, resultTypes: ['violations'] })).violations, [...tags]);
}
