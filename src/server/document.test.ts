/**
 * A rendered page's scripts load after the page has loaded (decision 070): the head names only
 * styles, the list at the body's end names the entry first, then the start-up and the page's own
 * chunks, and the one inline script (the loader) is the one the CSP allows by its hash.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AFTER_LOAD_LIST_ID, SCRIPTS_AFTER_LOAD, namingAccountService, scriptsAfterLoad, templateOf } from './document.ts';

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
  'src/pages/faq.tsx': { file: 'assets/faq-E.js', imports: ['_queries', '_shared'], css: ['assets/faq-F.css'] },
  _shared: { file: 'assets/shared-G.js', css: ['assets/shared-H.css'] },
};

describe('scripts after load (decision 070)', () => {
  const later = scriptsAfterLoad(templateOf(BUILT), MANIFEST);

  it('takes the entry and the start-up preloads out of the head, and keeps its styles', () => {
    expect(later.headStart).not.toMatch(/<script|modulepreload/);
    expect(later.headStart).toContain('href="/assets/index-D.css"');
    expect(later.pageStyles(['src/pages/faq.tsx'])).toBe(
      '<link rel="stylesheet" crossorigin href="/assets/faq-F.css" data-page><link rel="stylesheet" crossorigin href="/assets/shared-H.css" data-page>',
    );
  });

  it("lists the entry first, then the start-up's and the page's chunks, each once; the loader after it", () => {
    const html = later.loader(['src/pages/faq.tsx']);
    const list = new RegExp(`<script type="application/json" id="${AFTER_LOAD_LIST_ID}">(.*?)</script><script>(.*?)</script>$`).exec(html);
    expect(JSON.parse(list![1]!)).toEqual(['/assets/index-A.js', '/assets/runtime-B.js', '/assets/queries-C.js', '/assets/faq-E.js', '/assets/shared-G.js']);
    expect(list![2]).toBe(SCRIPTS_AFTER_LOAD);
  });

  it('refuses a build whose document has no single entry', () => {
    expect(() => scriptsAfterLoad(templateOf(BUILT.replace(/<script[^>]*><\/script>/, '')), MANIFEST)).toThrow(/0 module scripts/);
  });

  it("is the inline script deploy/nginx's CSP allows, by its hash, and the only one", () => {
    const headers = readFileSync(fileURLToPath(new URL('../../deploy/nginx/children-center/headers.conf', import.meta.url)), 'utf8');
    const scriptSrc = /script-src ([^;]*);/.exec(headers)![1]!;
    const hash = createHash('sha256').update(SCRIPTS_AFTER_LOAD).digest('base64');
    expect(scriptSrc).toBe(`'self' 'sha256-${hash}'`);
  });
});

describe('the account service, named by the document (decision 075)', () => {
  it('is in the head of every document, escaped, also once the scripts are taken out', () => {
    const named = namingAccountService(templateOf(BUILT), 'https://account.example.org/login?app="a"&x=<y>');
    const meta = '<meta name="account-service" content="https://account.example.org/login?app=&quot;a&quot;&amp;x=&lt;y&gt;" />';
    expect(named.headStart).toContain(meta);
    expect(scriptsAfterLoad(named, MANIFEST).headStart).toContain(meta);
  });
});
