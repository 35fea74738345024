/**
 * The CSP's `script-src`, computed from the inline scripts a document may carry (decision 085):
 * the build's own files ('self') and each inline script by its hash, nothing else. nginx states it
 * (deploy/nginx/children-center/headers.conf); `npm run csp:hashes` writes it there from here, and
 * src/server/document.test.ts fails when the two differ.
 */
import { createHash } from 'node:crypto';
import { INLINE_SCRIPTS } from './inline-scripts.ts';

export const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** `'self' 'sha256-…' …`: the value of script-src. */
export function scriptSrc(scripts: readonly string[] = INLINE_SCRIPTS): string {
  return ["'self'", ...scripts.map(sha256)].join(' ');
}

/** headers.conf with its script-src made this one. */
export function withScriptSrc(headersConf: string, value = scriptSrc()): string {
  const next = headersConf.replace(/script-src [^;]*;/, `script-src ${value};`);
  if (!/script-src [^;]*;/.test(headersConf)) throw new Error('headers.conf names no script-src');
  return next;
}
