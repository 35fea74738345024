/**
 * What the phone layout promises beyond axe (decision 050), checked in the page under test:
 *
 * - no sideways scrolling: the document is no wider than the window, at each width asked
 *   (the layout viewport's own width, not innerWidth, which a phone widens to show what overflows);
 * - touch targets at least 44 × 44 CSS px (WCAG 2.5.5's size; axe checks 2.5.8's 24 px), except a
 *   link inside a sentence and a link whose address another target of that size also opens; a
 *   radio, a checkbox or a file field is measured by its label, which is what a thumb presses;
 * - fields open the right keyboard and autofill: every one-line field says what it holds
 *   (`autocomplete`, `off` for someone else's data), and phone numbers, codes, amounts, postcodes
 *   and mailboxes ask for their own keyboard;
 * - nothing fixed covers the page (dialogs, the menu drawer and toasts excepted).
 */
import type { Page } from '@playwright/test';

/** Phones upright (320: the smallest in use; 390: the project's own), 200% zoom of a 1280 px laptop, tablets upright and on their side. */
export const SIDEWAYS_WIDTHS = [320, 390, 640, 768, 1024] as const;

export const TOUCH_TARGET_PX = 44;

/** Widths at which the document scrolls sideways, with the elements reaching past the window's edge. */
export async function sidewaysScrolling(page: Page, widths: readonly number[]): Promise<string[]> {
  const size = page.viewportSize();
  const problems: string[] = [];
  let current = size?.width;
  try {
    for (const width of widths) {
      if (current !== width) await page.setViewportSize({ width, height: size?.height ?? 844 });
      current = width;
      // A phone's window takes its new width a frame later.
      await page.waitForFunction((w) => document.documentElement.clientWidth === w, width);
      const found = await page.evaluate(() => {
        const root = document.documentElement;
        const limit = root.clientWidth;
        if (root.scrollWidth <= limit) return null;
        // The outermost elements that reach past the edge: where the width comes from.
        const culprits = [...document.body.querySelectorAll('*')]
          .filter((el) => el.getBoundingClientRect().right > limit + 0.5 && !(el.parentElement && el.parentElement.getBoundingClientRect().right > limit + 0.5))
          .slice(0, 4)
          .map((el) => `${el.localName}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''} (right ${Math.round(el.getBoundingClientRect().right)})`);
        return `scrollWidth ${root.scrollWidth} > ${limit}: ${culprits.join(', ')}`;
      });
      if (found) problems.push(`${width}px: ${found}`);
    }
  } finally {
    if (size && current !== size.width) await page.setViewportSize(size);
  }
  return problems;
}

/** Targets under 44 × 44, fields without their keyboard or autofill, fixed boxes over the page. */
export function phoneProblems(page: Page): Promise<{ targets: string[]; fields: string[]; fixed: string[] }> {
  return page.evaluate((min) => {
    const name = (el: Element) => {
      const field = el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement ? el : null;
      const label = el.getAttribute('aria-label') ?? ([...(field?.labels ?? [])].map((l) => l.textContent).join(' ') || field?.placeholder || '');
      return label.trim() || (el.textContent ?? '').trim().slice(0, 24) || el.localName;
    };
    const shown = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && el.checkVisibility({ opacityProperty: false, visibilityProperty: true });
    };
    // With a modal dialog open only the dialog can be touched.
    const modal = document.querySelector('dialog[open]');
    const scope = modal ?? document.body;
    const big = (box: DOMRect) => box.width >= min - 0.5 && box.height >= min - 0.5;

    /** The box a thumb presses: a radio, checkbox or file field's label when the field itself is small. */
    const targetBox = (el: Element) => {
      const own = el.getBoundingClientRect();
      if (el instanceof HTMLInputElement && !big(own) && el.labels && el.labels.length > 0) {
        return [...el.labels].map((l) => l.getBoundingClientRect()).sort((a, b) => b.width * b.height - a.width * a.height)[0]!;
      }
      return own;
    };
    /** A link or button in a sentence: its height is the line's (WCAG 2.5.5's inline exception). */
    const inSentence = (el: Element) => {
      if (getComputedStyle(el).display !== 'inline') return false;
      const block = el.parentElement;
      if (!block) return false;
      const text = (block.textContent ?? '').replace(/\s+/g, '');
      const own = (el.textContent ?? '').replace(/\s+/g, '');
      return text.length > own.length;
    };
    const anchors = [...scope.querySelectorAll<HTMLAnchorElement>('a[href]')].filter(shown);
    const equivalent = (el: Element) => el instanceof HTMLAnchorElement && anchors.some((a) => a !== el && a.href === el.href && big(a.getBoundingClientRect()));

    const controls = [...scope.querySelectorAll('a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"], [tabindex="0"]')];
    const targets = controls
      .filter((el) => !el.closest('[inert]'))
      .filter((el) => shown(el) || (el instanceof HTMLInputElement && el.labels?.length))
      .filter((el) => !(el instanceof HTMLInputElement && !shown(el) && ![...(el.labels ?? [])].some(shown)))
      .flatMap((el) => {
        const box = targetBox(el);
        if (box.width === 0 || big(box) || inSentence(el) || equivalent(el)) return [];
        return [`${el.localName} “${name(el)}” ${Math.round(box.width)}×${Math.round(box.height)}`];
      });

    const textTypes = new Set(['text', 'tel', 'email', 'number', 'search', 'password', 'url', '']);
    const fields = [...scope.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')]
      .filter((el) => shown(el) && (el instanceof HTMLTextAreaElement || textTypes.has(el.getAttribute('type') ?? '')))
      .flatMap((el) => {
        const label = name(el);
        const type = el.getAttribute('type') ?? 'text';
        const mode = el.getAttribute('inputmode');
        const auto = el.getAttribute('autocomplete');
        const says: string[] = [];
        // Free text (a textarea) and a search box need no autofill of their own.
        if (auto === null && type !== 'search' && el instanceof HTMLInputElement) says.push('no autocomplete');
        if (/手机|电话/.test(label) && type !== 'tel' && mode !== 'tel' && mode !== 'numeric') says.push('a phone number without the phone keyboard');
        if (/短信验证码|验证码/.test(label) && !/图/.test(el.placeholder) && (mode !== 'numeric' || auto !== 'one-time-code'))
          says.push('a texted code without inputmode=numeric and autocomplete=one-time-code');
        if (/金额|邮编|邮政编码/.test(label) && mode !== 'numeric' && mode !== 'decimal') says.push('a number without the number keyboard');
        if (/邮箱|email/i.test(label) && !/验证码/.test(label) && type !== 'email') says.push('a mailbox without type=email');
        return says.length ? [`“${label}”: ${says.join(', ')}`] : [];
      });

    const fixed = [...document.body.querySelectorAll('*')]
      .filter((el) => {
        const position = getComputedStyle(el).position;
        if (position !== 'fixed') return false;
        if (el.closest('dialog') || el.getAttribute('aria-busy') === 'true' || getComputedStyle(el).pointerEvents === 'none') return false;
        const box = el.getBoundingClientRect();
        return shown(el) && box.bottom > 0 && box.top < window.innerHeight && box.right > 0 && box.left < window.innerWidth;
      })
      .map(
        (el) =>
          `${el.localName}${el.getAttribute('aria-label') ? ` “${el.getAttribute('aria-label')}”` : ''} at ${Math.round(el.getBoundingClientRect().left)},${Math.round(el.getBoundingClientRect().top)}`,
      );

    return { targets, fields, fixed };
  }, TOUCH_TARGET_PX);
}
