/**
 * Rich text on the server (decision 063): the policy's answer, the same when it is kept, and the
 * kept texts bounded whatever arrives.
 */
import { expect, it } from 'vitest';
import { KEPT_CHARS, keptRichTextChars, sanitizeRichText } from './rich-text.ts';

it('sanitizes by the policy, and answers a text seen before the same', () => {
  const hostile = '<p onclick="steal()">报名<script>alert(1)</script><a href="javascript:alert(1)">链接</a><img src="x" onerror="alert(1)"></p>';
  const first = sanitizeRichText(hostile);
  expect(first).not.toMatch(/script|onclick|onerror|javascript:/);
  expect(first).toContain('报名');
  expect(sanitizeRichText(hostile)).toBe(first);
});

it('keeps no more than its bound, however many different texts arrive', () => {
  const text = `<p>${'课'.repeat(50_000)}</p>`;
  for (let i = 0; i < 60; i += 1) expect(sanitizeRichText(`${text}<b>${i}</b>`)).toContain(`<b>${i}</b>`);
  expect(keptRichTextChars()).toBeGreaterThan(0);
  expect(keptRichTextChars()).toBeLessThanOrEqual(KEPT_CHARS);
});
