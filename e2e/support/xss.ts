/**
 * Hostile HTML for the XSS journeys (e2e/xss.spec.ts): vectors of the OWASP XSS filter-evasion
 * cheat sheet (and DOMPurify's known mutation-XSS bypasses), each calling `window.__xss(n)` if it
 * ever runs, and a hook that records every such call across navigations and frames.
 */
import type { Page } from '@playwright/test';
import { hostileUrl } from '#contract/hostile-urls';

export interface Vector {
  n: number;
  name: string;
  html: string;
  /** Nothing after it survives as text (so a rich text holds at most one, last). */
  endsText?: boolean;
}

/** Each vector calls __xss with its own number, so a report names the one that ran. */
export const vectors: Vector[] = [
  { n: 1, name: 'img onerror', html: '<img src=x onerror=__xss(1)>' },
  { n: 2, name: 'script tag', html: '<script>__xss(2)</script>' },
  { n: 3, name: 'svg onload', html: '<svg onload=__xss(3)>' },
  { n: 4, name: 'javascript: href', html: '<a href="javascript:__xss(4)">链接4</a>' },
  { n: 5, name: 'iframe srcdoc', html: '<iframe srcdoc="<script>parent.__xss(5)</script>"></iframe>' },
  { n: 6, name: 'details ontoggle', html: '<details open ontoggle=__xss(6)>展开6</details>' },
  { n: 7, name: 'attribute breakout', html: '"><img src=x onerror=__xss(7)>' },
  { n: 8, name: 'javascript: with an escaped tab', html: '<a href="jav&#x09;ascript:__xss(8)">链接8</a>' },
  { n: 9, name: 'autofocus onfocus', html: '<input autofocus onfocus=__xss(9)>' },
  { n: 10, name: 'body onload / string breakout', html: "'-__xss(10)-'<body onload=__xss(10)>" },
  // The last two end the harmless text: DOMPurify drops all that follows a noscript mXSS, and an
  // unclosed table takes in whatever follows it, as any HTML parser would.
  { n: 11, name: 'noscript title mXSS', html: '<noscript><p title="</noscript><img src=x onerror=__xss(11)>"></noscript>', endsText: true },
  {
    n: 12,
    endsText: true,
    name: 'mutation XSS (math/mglyph/style)',
    html: '<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;/mglyph&gt;&lt;img&Tab;src=1&Tab;onerror=__xss(12)&gt;">',
  },
];

/** Short vectors for fields of 20 characters (a child's name, a receiver): each at most 20. */
export const shortVectors: Vector[] = [
  { n: 21, name: 'svg onload (short)', html: '<svg onload=__xss()>' },
  { n: 22, name: 'onclick (short)', html: '<b onclick=__xss()>粗' },
  { n: 23, name: 'breakout (short)', html: '"><b>粗体</b>' },
];

/**
 * Links of a hostile backend (issue 30), planted in every link field of every answer (the mock's
 * hostile-links setting, in turn): script and data: links in the classic disguises, another host,
 * and generated ones (contract/hostile-urls.ts). Each calls `__xss(n)` if it ever runs.
 */
export const linkVectors: string[] = [
  'javascript:__xss(31)',
  'JaVaScRiPt:__xss(32)',
  'java\tscript:__xss(33)',
  ' javascript:__xss(34)',
  '\u0000javascript:__xss(35)',
  'data:text/html,<script>__xss(36)</script>',
  'data:text/html;base64,PHNjcmlwdD5fX3hzcygzNyk8L3NjcmlwdD4=',
  'vbscript:__xss(38)',
  '//evil.example/x',
  ...Array.from({ length: 8 }, (_, i) => hostileUrl(i, 40 + i)),
];

/**
 * Records every __xss call (any frame, any page of the test) and every dialog. Install before the
 * first navigation.
 */
export async function installXssHook(page: Page): Promise<number[]> {
  const hits: number[] = [];
  await page.exposeFunction('__xssHit', (n: number) => void hits.push(n));
  await page.addInitScript(() => {
    const w = window as unknown as { __xss: (n: number) => void; __xssHit: (n: number) => void };
    w.__xss = (n) => w.__xssHit(n ?? 0);
  });
  page.on('dialog', (dialog) => {
    hits.push(-1);
    void dialog.dismiss();
  });
  return hits;
}

/**
 * What an executed or executable vector would leave in the DOM: an inline handler, a
 * javascript: address (as the browser resolves it), an anchor to a javascript:, data: or vbscript:
 * address, a srcdoc frame, a script or style planted by content. Answers a description of each,
 * empty when clean.
 */
export async function dangerousNodes(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      for (const attr of Array.from(el.attributes)) {
        if (/^on/i.test(attr.name)) found.push(`<${el.localName} ${attr.name}>`);
        if (['href', 'src', 'action', 'formaction', 'xlink:href'].includes(attr.name.toLowerCase()) && /^javascript:/i.test([...attr.value].filter((c) => c > ' ').join('')))
          found.push(`<${el.localName} ${attr.name}=${attr.value}>`);
      }
      // What an anchor would open, as the browser reads its href: never script, never a document of data.
      if ((el instanceof HTMLAnchorElement || el instanceof HTMLAreaElement) && ['javascript:', 'data:', 'vbscript:'].includes(el.protocol))
        found.push(`<${el.localName} href=${el.href.slice(0, 60)}>`);
      if (el.localName === 'iframe' && el.hasAttribute('srcdoc')) found.push('<iframe srcdoc>');
      if (el.localName === 'script' && /__xss/.test(el.textContent ?? '')) found.push('<script>__xss</script>');
    }
    return found;
  });
}

/** The page keeps its frame: no sideways scrolling, header and footer on the page. */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) problems.push(`scrolls sideways: ${root.scrollWidth} > ${root.clientWidth}`);
    for (const selector of ['header', 'footer']) {
      const el = document.querySelector(selector);
      const box = el?.getBoundingClientRect();
      if (!el || !box || box.width === 0 || box.height === 0) problems.push(`no visible ${selector}`);
      else if (box.width > root.clientWidth + 1) problems.push(`${selector} wider than the page: ${box.width}`);
    }
    return problems;
  });
}
