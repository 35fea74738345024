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

/** A scheme, as a browser reads it: whitespace and control characters inside do not count. */
function schemeOf(url: string): string | null {
  const compact = [...url].filter((c) => c > ' ').join('');
  return /^([a-z][a-z\d+.-]*):/i.exec(compact)?.[1]?.toLowerCase() ?? null;
}

/**
 * Links and images may point to the site itself (no scheme), to http(s), mailto: and tel:
 * addresses, and an image may be inline (data:image/…): nothing that runs or opens an app.
 */
export function isAllowedUrl(url: string, attribute: 'href' | 'src', element: string): boolean {
  const scheme = schemeOf(url);
  if (scheme === null || ['http', 'https'].includes(scheme)) return true;
  if (attribute === 'href') return ['mailto', 'tel'].includes(scheme);
  return element === 'img' && /^data:image\/(?:png|gif|jpe?g|webp);/i.test(url.trim());
}

/** The last step of either sanitizer: drops every address the policy does not allow. */
export function dropDisallowedUrls(root: Element): void {
  for (const attribute of ['href', 'src'] as const) {
    for (const element of Array.from(root.querySelectorAll(`[${attribute}]`))) {
      if (!isAllowedUrl(element.getAttribute(attribute) ?? '', attribute, element.localName)) element.removeAttribute(attribute);
    }
  }
}
