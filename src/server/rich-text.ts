/**
 * Rich text on the server: DOMPurify over jsdom with the portal's one policy (decision 040), so a
 * page's descriptions, notices and answers are in its HTML, sanitized as the browser would.
 */
import DOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { provideServerSanitizer } from '../components/ui/rich-text.tsx';
import { dropDisallowedUrls } from '../components/ui/rich-text-policy.ts';
import { purifyConfig } from '../components/ui/rich-text-purify.ts';

const { window } = new JSDOM('<!doctype html><body></body>');
const purify = DOMPurify(window as unknown as Window & typeof globalThis);

export function sanitizeRichText(html: string): string {
  const box = window.document.createElement('div');
  box.innerHTML = purify.sanitize(html, purifyConfig);
  dropDisallowedUrls(box);
  return box.innerHTML;
}

provideServerSanitizer(sanitizeRichText);
