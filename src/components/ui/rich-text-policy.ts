/**
 * What rich text from the server (class descriptions, notices, answers) may keep (decision 040):
 * text formatting, headings, lists, tables, links and images. It is a subset of DOMPurify's html
 * profile (rich-text.test.tsx holds it so), applied by both sanitizers: the browser's own (the
 * HTML Sanitizer API) where there is one, DOMPurify elsewhere.
 *
 * Left out on purpose: scripts, styles, forms, frames and media; `style` (content could cover the
 * page); `id` and `name` (content could shadow the page's own globals: DOM clobbering, which
 * DOMPurify checks and the browser's sanitizer does not); `data-` and `aria-` attributes.
 */
import { isLink } from '#contract/links';

// A word list, wrapped by hand.
// prettier-ignore
export const richTextElements = [
  'a', 'abbr', 'address', 'article', 'aside', 'b', 'bdi', 'bdo', 'big', 'blockquote', 'br', 'caption',
  'center', 'cite', 'code', 'col', 'colgroup', 'data', 'dd', 'del', 'details', 'dfn', 'div', 'dl', 'dt',
  'em', 'figcaption', 'figure', 'font', 'footer', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hgroup',
  'hr', 'i', 'img', 'ins', 'kbd', 'li', 'mark', 'ol', 'p', 'pre', 'q', 'rp', 'rt', 'ruby', 's', 'samp',
  'section', 'small', 'span', 'strike', 'strong', 'sub', 'summary', 'sup', 'table', 'tbody', 'td',
  'tfoot', 'th', 'thead', 'time', 'tr', 'tt', 'u', 'ul', 'var', 'wbr',
] as const;

// A word list, wrapped by hand.
// prettier-ignore
export const richTextAttributes = [
  'align', 'alt', 'bgcolor', 'border', 'cellpadding', 'cellspacing', 'class', 'color', 'colspan',
  'datetime', 'dir', 'face', 'headers', 'height', 'href', 'hreflang', 'lang', 'nowrap', 'open', 'rel',
  'reversed', 'rowspan', 'scope', 'size', 'span', 'src', 'start', 'summary', 'title', 'type', 'valign',
  'width',
] as const;

/**
 * Links and images follow the rule of every address the backend gives (contract/links.ts,
 * decision 046): http(s) or a path of the portal; a link may also write or call (mailto:, tel:),
 * and an image may be inline (data:image/…, no SVG). Nothing that runs, opens an app or leads
 * to another host by a trick (`//host`, `/\host`, `https://trusted@evil`).
 */
export function isAllowedUrl(url: string, attribute: 'href' | 'src', element: string): boolean {
  if (isLink(url, 'link')) return true;
  if (attribute === 'href') return /^(mailto|tel):[^\s\\]+$/i.test(url) && !/[\p{Cc}\p{Cf}]/u.test(url);
  return element === 'img' && /^data:image\/(?:png|gif|jpe?g|webp);/i.test(url) && isLink(url, 'image');
}

/** The last step of either sanitizer: drops every address the policy does not allow. */
export function dropDisallowedUrls(root: Element): void {
  for (const attribute of ['href', 'src'] as const) {
    for (const element of Array.from(root.querySelectorAll(`[${attribute}]`))) {
      if (!isAllowedUrl(element.getAttribute(attribute) ?? '', attribute, element.localName)) element.removeAttribute(attribute);
    }
  }
}
