/**
 * How deep a JSON body may nest, for the portal's calls and the control API alike. Nothing the
 * contract or a snapshot holds is more than a dozen levels deep; a body 5,000 deep is an attack or
 * a mistake, and once stored (a fault's data, a journal's body) every copy, mask and stringify of
 * it overflowed the stack, so the world's journal and faults answered 500 until cleared (issue 44).
 * Both checks are loops, never recursion, so no depth can overflow them.
 */

export const JSON_MAX_DEPTH = 64;
/** What a refusal says (after the field: `body：`, `请求体`). */
export const TOO_DEEP = `嵌套过深，最多 ${JSON_MAX_DEPTH} 层`;

/** Whether JSON text nests deeper than `max`: counted on the text, before JSON.parse reads it. */
export function textTooDeep(text: string, max = JSON_MAX_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** Whether a value handed over as it is (the browser's window.__mock) nests deeper than `max` (a cycle does). */
export function valueTooDeep(value: unknown, max = JSON_MAX_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const child of Object.values(item)) if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}
