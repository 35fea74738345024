/**
 * Rich text from the server (class descriptions, notices, answers): the only place the portal
 * renders HTML, always through the rich-text policy (rich-text-policy.ts): no scripts, no event
 * handlers, no javascript: links. The browser's own HTML Sanitizer applies it where there is
 * one (Element.setHTML); elsewhere DOMPurify does, loaded only then (decision 040).
 */
import { useLayoutEffect, useReducer, useRef, useState, useSyncExternalStore } from 'react';
import { dropDisallowedUrls, richTextAttributes, richTextElements } from './rich-text-policy.ts';
import styles from './ui.module.css';

type SanitizeInto = (target: Element, html: string) => void;

/** The HTML Sanitizer API's entry point; not in TypeScript's DOM types yet. */
type WithSetHtml = Element & { setHTML(html: string, options: { sanitizer: object }): void };

const hasSetHtml = typeof Element !== 'undefined' && 'setHTML' in Element.prototype;

const sanitizer = {
  elements: [...richTextElements],
  attributes: [...richTextAttributes],
  comments: false,
  dataAttributes: false,
};

function setHtmlInto(target: Element, html: string): void {
  // setHTML never keeps a script, a handler or a javascript: address, whatever the lists say.
  (target as WithSetHtml).setHTML(html, { sanitizer });
  dropDisallowedUrls(target);
}

let sanitizeInto: SanitizeInto | null = hasSetHtml ? setHtmlInto : null;

/** Text only, should DOMPurify fail to load: a parsed document that is never shown runs nothing. */
function textInto(target: Element, html: string): void {
  target.textContent = new DOMParser().parseFromString(html, 'text/html').body.textContent;
}

/** Settles once rich text can be written (at once where the browser sanitizes). */
export const richTextReady: Promise<void> = sanitizeInto
  ? Promise.resolve()
  : import('./rich-text-purify.ts').then(
      ({ purifyInto }) => void (sanitizeInto = purifyInto),
      () => void (sanitizeInto = textInto),
    );

/** Writes `html` into `target` through the policy, with whichever sanitizer this browser has. */
export function writeRichText(target: Element, html: string): void {
  if (!sanitizeInto) throw new Error('rich text written before richTextReady settled');
  sanitizeInto(target, html);
}

/** On the server: the policy applied to text, as HTML (src/server/rich-text.ts provides it). */
let sanitizeToHtml: ((html: string) => string) | null = null;

export function provideServerSanitizer(sanitize: (html: string) => string): void {
  sanitizeToHtml = sanitize;
}

const noSubscribe = () => () => {};

export function RichText({ html, className = '' }: { html: string; className?: string }) {
  const box = useRef<HTMLDivElement>(null);
  // Drawn by the server (its sanitizer, the same policy), and taken over by this hydration: the
  // text the server wrote stays, not written again (the page's largest text is never repainted).
  const hydrating = useSyncExternalStore(
    noSubscribe,
    () => false,
    () => true,
  );
  const [fromServer] = useState(hydrating);
  const written = useRef<string | null>(fromServer ? html : null);
  // Where DOMPurify is still loading (rare: it starts with this module), write once it is here.
  const [ready, loaded] = useReducer(() => true, sanitizeInto !== null);
  // Before the browser paints, and only when the text changes: a re-render of the page (a
  // countdown's tick) leaves what the reader opened (a <details>) as it is.
  useLayoutEffect(() => {
    if (!box.current || written.current === html) return;
    if (!sanitizeInto) return void richTextReady.then(loaded);
    writeRichText(box.current, html);
    written.current = html;
  }, [html, ready]);
  if (typeof document === 'undefined') {
    if (!sanitizeToHtml) throw new Error('rich text rendered on a server that provides no sanitizer');
    return <div className={`${styles.richText} ${className}`} dangerouslySetInnerHTML={{ __html: sanitizeToHtml(html) }} />;
  }
  // The browser writes the text itself (above); during hydration the server's text is kept as it is.
  return <div ref={box} className={`${styles.richText} ${className}`} dangerouslySetInnerHTML={EMPTY} suppressHydrationWarning />;
}

const EMPTY = { __html: '' };
