/**
 * Three pages broken the ways a server render breaks (issue 45), for the tests of what a developer
 * and a parent see then (dev-server-errors.test.ts, server-errors-build.test.ts): a Vite plugin
 * that serves the page's module with one line added, in memory, so no file of the repository is
 * touched while other checks read it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

export interface BrokenPage {
  /** What is wrong. */
  kind: 'syntax error' | 'top-level window' | 'throw in render';
  /** The page's address, and its module from the project's root. */
  path: string;
  module: string;
  /** The component whose line the break goes before (top level) or into (its body). */
  component: string;
  line: string;
  /** What the error says. */
  message: RegExp;
}

export const BROKEN_PAGES: BrokenPage[] = [
  { kind: 'syntax error', path: '/patriarchFAQ', module: 'src/features/info/faq-page.tsx', component: 'FaqPage', line: 'const broken = (;', message: /Unexpected token/ },
  {
    kind: 'top-level window',
    path: '/apply',
    module: 'src/features/info/brochure-page.tsx',
    component: 'BrochurePage',
    line: 'const width = window.innerWidth;',
    message: /window is not defined/,
  },
  {
    kind: 'throw in render',
    path: '/payment',
    module: 'src/features/info/payment-notice-page.tsx',
    component: 'PaymentNoticePage',
    line: "  if (Date.now() > 0) throw new Error('payment notice broke in render');",
    message: /payment notice broke in render/,
  },
];

/** The page's source with its break, and the break's line number (from 1) and column (from 1). */
export function brokenSource(page: BrokenPage, source: string): { code: string; line: number; column: number } {
  const lines = source.split('\n');
  const at = lines.findIndex((line) => line.startsWith(`export function ${page.component}(`));
  if (at < 0) throw new Error(`${page.module} has no export function ${page.component}(`);
  // In the body for a throw in render, before the component for what breaks the module.
  const index = page.kind === 'throw in render' ? at + 1 : at;
  lines.splice(index, 0, page.line);
  const column = page.kind === 'syntax error' ? page.line.indexOf(';') + 1 : page.kind === 'top-level window' ? page.line.indexOf('window') + 1 : page.line.indexOf('new Error') + 1;
  return { code: lines.join('\n'), line: index + 1, column };
}

/** The plugin: each broken page's module is read from disk with its break added. */
export function brokenPages(root: string, pages: BrokenPage[] = BROKEN_PAGES): Plugin {
  return {
    name: 'broken-pages',
    enforce: 'pre',
    load(id) {
      const page = pages.find((one) => id.split('?')[0] === path.join(root, one.module));
      if (!page) return null;
      return brokenSource(page, readFileSync(path.join(root, page.module), 'utf8')).code;
    },
  };
}
