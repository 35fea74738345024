/**
 * Rich text on the server: DOMPurify over jsdom with the portal's one policy (decision 040), so a
 * page's descriptions, notices and answers are in its HTML, sanitized as the browser would.
 *
 * Sanitizing over jsdom costs milliseconds a text, and the same texts (a class's description, the
 * FAQ's answers) come back on every page that shows them, and in every render pass of one page:
 * the sanitized text of each input is kept, the least recently used dropped past a bound
 * (decision 063). The policy is a pure function of its input, so a kept answer is the answer.
 */
import DOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { provideServerSanitizer } from '../components/ui/rich-text.tsx';
import { dropDisallowedUrls } from '../components/ui/rich-text-policy.ts';
import { purifyConfig } from '../components/ui/rich-text-purify.ts';

const { window } = new JSDOM('<!doctype html><body></body>');
const purify = DOMPurify(window as unknown as Window & typeof globalThis);

function sanitize(html: string): string {
  const box = window.document.createElement('div');
  box.innerHTML = purify.sanitize(html, purifyConfig);
  dropDisallowedUrls(box);
  return box.innerHTML;
}

/** Characters (inputs and outputs) the kept texts may hold: a few MB, whatever arrives. */
export const KEPT_CHARS = 2_000_000;
/** A text longer than this is sanitized each time, never kept. */
const LONGEST_KEPT = 100_000;

const kept = new Map<string, string>();
let keptChars = 0;

export function sanitizeRichText(html: string): string {
  const known = kept.get(html);
  if (known !== undefined) {
    // Most recently used last: Map keeps insertion order.
    kept.delete(html);
    kept.set(html, known);
    return known;
  }
  const clean = sanitize(html);
  if (html.length <= LONGEST_KEPT) {
    kept.set(html, clean);
    keptChars += html.length + clean.length;
    for (const [oldest, value] of kept) {
      if (keptChars <= KEPT_CHARS) break;
      kept.delete(oldest);
      keptChars -= oldest.length + value.length;
    }
  }
  return clean;
}

/** How many characters the kept texts hold (for the test of its bound). */
export const keptRichTextChars = () => keptChars;

provideServerSanitizer(sanitizeRichText);
