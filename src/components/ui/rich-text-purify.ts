/**
 * The rich-text policy applied by DOMPurify, for browsers without the HTML Sanitizer API (and
 * jsdom): loaded only there, so the others never download it (decision 040).
 */
import DOMPurify from 'dompurify';
import { dropDisallowedUrls, richTextAttributes, richTextElements } from './rich-text-policy.ts';

/** The policy as DOMPurify takes it (the server's sanitizer uses it too: src/server/rich-text.ts). */
export const purifyConfig = {
  ALLOWED_TAGS: [...richTextElements],
  ALLOWED_ATTR: [...richTextAttributes],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};

/** Puts `html` into `target` with only what the policy allows. */
export function purifyInto(target: Element, html: string): void {
  target.innerHTML = DOMPurify.sanitize(html, purifyConfig);
  dropDisallowedUrls(target);
}
