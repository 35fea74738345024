/**
 * A rendered page's scripts load after the page has loaded (decision 070): the head names only
 * styles, the list at the body's end names the entry first, then the start-up and the page's own
 * chunks, and the one inline script (the loader) is the one the CSP allows by its hash.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_END_ID } from '../lib/document-end.ts';
import { scriptSrc, withScriptSrc } from './csp.ts';
import { AFTER_LOAD_LIST_ID, CUT_DOCUMENT_RELOAD, EARLY_EVENTS, INLINE_SCRIPTS, SCRIPTS_AFTER_LOAD, documentShape, manifestAssets, namingAccountService, templateOf } from './document.ts';

const BUILT = `<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8" /><title>t</title>
    <script type="module" crossorigin src="/assets/index-A.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/runtime-B.js">
    <link rel="modulepreload" crossorigin href="/assets/queries-C.js">
    <link rel="stylesheet" crossorigin href="/assets/index-D.css">
  </head><body><div id="root"></div></body></html>`;

const MANIFEST = {
  'index.html': { file: 'assets/index-A.js', isEntry: true, imports: ['_runtime', '_queries'], css: ['assets/index-D.css'] },
  _runtime: { file: 'assets/runtime-B.js' },
  _queries: { file: 'assets/queries-C.js' },
  'src/features/info/faq-page.tsx': { file: 'assets/faq-E.js', imports: ['_queries', '_shared'], css: ['assets/faq-F.css'] },
  _shared: { file: 'assets/shared-G.js', css: ['assets/shared-H.css'] },
};

const FAQ = ['src/features/info/faq-page.tsx'];

describe('scripts after load (decision 070)', () => {
  const template = templateOf(BUILT);
  const shape = documentShape(template, manifestAssets(MANIFEST, template));
  const pageStyles = '<link rel="stylesheet" crossorigin href="/assets/faq-F.css" data-page><link rel="stylesheet" crossorigin href="/assets/shared-H.css" data-page>';
  const early = `<script>${EARLY_EVENTS}</script>`;

  it('without a session: takes the entry and the start-up preloads out of the head, and keeps its styles and the page’s', () => {
    // The check for a cut-off document starts the head (decision 089), the early taps' listener ends it (085).
    const head = shape.headStart(FAQ, false).replace(`<script>${CUT_DOCUMENT_RELOAD}</script>`, '');
    expect(head).not.toMatch(/<script[^>]*src|modulepreload/);
    expect(head).toContain('href="/assets/index-D.css"');
    // Besides it, the only script in the head.
    expect(head.endsWith(pageStyles + early)).toBe(true);
    expect(head.match(/<script/g)).toHaveLength(1);
  });

  it("without a session: lists the entry first, then the start-up's and the page's chunks, each once; the loader after it", () => {
    const html = shape.bodyEnd(FAQ, false);
    const list = new RegExp(`<script type="application/json" id="${AFTER_LOAD_LIST_ID}">(.*?)</script><script>(.*?)</script><template id="${DOCUMENT_END_ID}"></template></body>`).exec(html);
    expect(JSON.parse(list![1]!)).toEqual(['/assets/index-A.js', '/assets/runtime-B.js', '/assets/queries-C.js', '/assets/faq-E.js', '/assets/shared-G.js']);
    expect(list![2]).toBe(SCRIPTS_AFTER_LOAD);
  });

  it("with a session: the template's scripts in the head, then the page's styles and chunks; no loader", () => {
    const head = shape.headStart(FAQ, true);
    expect(head).toContain('<script type="module" crossorigin src="/assets/index-A.js"></script>');
    expect(
      head.endsWith(`${pageStyles}<link rel="modulepreload" crossorigin href="/assets/faq-E.js" data-page><link rel="modulepreload" crossorigin href="/assets/shared-G.js" data-page>${early}`),
    ).toBe(true);
    expect(shape.bodyEnd(FAQ, true)).toBe(template.bodyEnd.replace('</body>', `<template id="${DOCUMENT_END_ID}"></template></body>`));
  });

  it("the dev server's template: its app entry first, Vite's client a preload (the app's style modules import it)", () => {
    const dev = templateOf(
      '<!doctype html><html><head><script type="module" src="/@vite/client"></script><script type="module">import "/@react-refresh"</script><title>t</title><script type="module" src="/src/main.tsx"></script></head><body><div id="root"></div></body></html>',
    );
    const html = documentShape(dev, { styles: () => [], chunks: (modules) => modules.map((m) => `/${m}`) }).bodyEnd(FAQ, false);
    expect(JSON.parse(new RegExp(`id="${AFTER_LOAD_LIST_ID}">(.*?)</script>`).exec(html)![1]!)).toEqual(['/src/main.tsx', '/@vite/client', '/src/features/info/faq-page.tsx']);
  });

  it('refuses a template without an entry', () => {
    expect(() => documentShape(templateOf(BUILT.replace(/<script[^>]*><\/script>/, '')), manifestAssets(MANIFEST, templateOf(BUILT)))).toThrow(/0 module scripts/);
  });

  it("names the inline scripts deploy/nginx's CSP allows, by their hashes, and no other (npm run csp:hashes writes them)", () => {
    const headers = readFileSync(fileURLToPath(new URL('../../deploy/nginx/children-center/headers.conf', import.meta.url)), 'utf8');
    expect(/script-src ([^;]*);/.exec(headers)![1]).toBe(scriptSrc());
    expect(withScriptSrc(headers)).toBe(headers);
    // Every inline script a document carries is one of them.
    const html = shape.headStart(FAQ, false) + shape.bodyEnd(FAQ, false) + shape.headStart(FAQ, true) + shape.bodyEnd(FAQ, true);
    const inline = [...html.matchAll(/<script>(.*?)<\/script>/g)].map((m) => m[1]);
    expect(new Set(inline)).toEqual(new Set(INLINE_SCRIPTS));
    expect(scriptSrc().split(' ')).toHaveLength(1 + INLINE_SCRIPTS.length);
  });
});

describe('a document cut off (decision 084, amended by 089)', () => {
  const template = templateOf(BUILT);
  const shape = documentShape(template, manifestAssets(MANIFEST, template));

  it('names the reload of a cut document first in its head, right after the charset, with or without a session', () => {
    for (const scriptsNow of [false, true]) {
      expect(shape.headStart(FAQ, scriptsNow)).toMatch(
        new RegExp(`^<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8" /><script>${CUT_DOCUMENT_RELOAD.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</script>`),
      );
    }
  });

  it('ends every document with its end marker, the last element of the body', () => {
    for (const scriptsNow of [false, true]) expect(shape.bodyEnd(FAQ, scriptsNow)).toMatch(new RegExp(`<template id="${DOCUMENT_END_ID}"></template></body></html>$`));
  });
});

describe('the account service, named by the document (decision 075)', () => {
  it('is in the head of every document, escaped, also once the scripts are taken out', () => {
    const named = namingAccountService(templateOf(BUILT), 'https://account.example.org/login?app="a"&x=<y>');
    const meta = '<meta name="account-service" content="https://account.example.org/login?app=&quot;a&quot;&amp;x=&lt;y&gt;" />';
    expect(named.headStart).toContain(meta);
    expect(documentShape(named, manifestAssets(MANIFEST, named)).headStart(FAQ, false)).toContain(meta);
  });
});
