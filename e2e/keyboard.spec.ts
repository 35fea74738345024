/**
 * The portal with the keyboard alone: every control a page shows is reached by Tab, each shows a
 * visible focus indicator when reached (an outline or ring of 2px or more, 3:1 against what is
 * behind it), the confirmation dialogs keep focus inside, close on Esc and give focus back to the
 * control that opened them, and the header's menus open from the keyboard and close on Esc.
 *
 * One browser context per state, opened once by the describe's beforeAll (see a11y.spec.ts).
 */
import type { Locator, Page } from '@playwright/test';
import { expect, MockDriver, sharedState, signIn, test } from './support/mock.ts';

test.describe.configure({ mode: 'default' });

interface Reached {
  /** What was focused, for the failure message. */
  what: string;
  /** Why its focus indicator is not visible enough, or null when it is. */
  weak: string | null;
}

/**
 * Presses Tab from the top of the page until every control has had its turn, and answers what
 * each Tab reached (with its focus indicator judged in the page) and which visible controls Tab
 * never reached. A radio group counts as reached when one of its radios is (arrows move inside).
 */
async function tabThrough(page: Page): Promise<{ reached: Reached[]; missed: string[] }> {
  const controls = await page.evaluate(() => {
    const w = window as unknown as { __reached: { what: string; weak: string | null }[]; __first: Element | null; __wrapped: boolean };
    w.__reached = [];
    w.__first = null;
    w.__wrapped = false;
    const describe = (el: Element) => `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}" ${el.outerHTML.slice(0, 80)}`;
    const rgb = (color: string) => {
      const m = /rgba?\(([\d.]+),? ([\d.]+),? ([\d.]+)(?:,? \/? ?([\d.]+))?\)/.exec(color);
      return m ? { r: +m[1]!, g: +m[2]!, b: +m[3]!, a: m[4] === undefined ? 1 : +m[4] } : null;
    };
    const luminance = ({ r, g, b }: { r: number; g: number; b: number }) => {
      const c = [r, g, b].map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
      return 0.2126 * c[0]! + 0.7152 * c[1]! + 0.0722 * c[2]!;
    };
    const ratio = (a: { r: number; g: number; b: number }, b: { r: number; g: number; b: number }) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (hi! + 0.05) / (lo! + 0.05);
    };
    /**
     * The first opaque background at or above `el`: what an indicator is seen against; null over a
     * picture (there the rings are two-tone, white edged with dark green, and seen on any colour).
     */
    const backdrop = (el: Element | null) => {
      for (let node = el; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.backgroundImage !== 'none') return null;
        const color = rgb(style.backgroundColor);
        if (color && color.a >= 0.9) return color;
      }
      return { r: 255, g: 255, b: 255, a: 1 };
    };
    /**
     * An outline or a box-shadow ring of 2px or more on `el`, with its colour and what is behind it.
     * An outline edged by a ring that contrasts 3:1 with it is seen on any background (WCAG C40).
     */
    const indicator = (el: Element) => {
      const style = getComputedStyle(el);
      const ring = /(rgba?\([^)]+\)) 0px 0px (?:[\d.]+px )?([\d.]+)px/.exec(style.boxShadow);
      const ringColor = ring && parseFloat(ring[2]!) >= 2 ? rgb(ring[1]!) : null;
      if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) {
        const color = rgb(style.outlineColor);
        if (color && ringColor && ratio(color, ringColor) >= 3) return { color, behind: null };
        const inside = parseFloat(style.outlineOffset) < 0;
        return { color, behind: backdrop(inside ? el : el.parentElement) };
      }
      if (ringColor) return { color: ringColor, behind: backdrop(el.parentElement) };
      return null;
    };
    const judge = (el: Element): string | null => {
      // A visually hidden input (custom radio, checkbox, file picker) shows focus on what stands for it.
      const hidden = el instanceof HTMLInputElement && (getComputedStyle(el).opacity === '0' || el.getBoundingClientRect().width <= 1);
      const stands = hidden ? [el.nextElementSibling, el.parentElement, el.closest('label')] : [el];
      for (const candidate of stands) {
        if (!candidate) continue;
        const found = indicator(candidate);
        if (!found) continue;
        if (!found.color || found.color.a < 0.9) return 'its focus indicator is transparent';
        if (!found.behind) return null;
        const r = ratio(found.color, found.behind);
        return r >= 3 ? null : `its focus indicator has a contrast of ${r.toFixed(2)}:1 against what is behind it (3:1 needed)`;
      }
      return 'it shows no focus indicator (an outline or ring of 2px or more)';
    };
    document.addEventListener('focusin', (event) => {
      const el = event.target as Element;
      // The demo's mock panel (a shadow root) is a tool for testers, absent from the real build.
      if (el.id === 'cc-mock-panel' || w.__wrapped) return;
      if (el === w.__first) {
        w.__wrapped = true;
        return;
      }
      w.__first ??= el;
      el.setAttribute('data-kb-reached', '');
      w.__reached.push({ what: describe(el), weak: judge(el) });
    });
    const selector = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';
    const visible = [...document.querySelectorAll(selector)].filter((el) => el.checkVisibility({ visibilityProperty: true }) && !el.closest('[inert], [aria-hidden="true"]'));
    document.querySelectorAll('[data-kb-control]').forEach((el) => el.removeAttribute('data-kb-control'));
    visible.forEach((el) => el.setAttribute('data-kb-control', ''));
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
    return visible.length;
  });
  // Until focus comes round to the first stop again (menus opened by focus add stops on the way).
  for (let i = 0; i < 3 * controls + 30; i++) {
    await page.keyboard.press('Tab');
    if (i % 10 === 9 && (await page.evaluate(() => (window as unknown as { __wrapped: boolean }).__wrapped))) break;
  }
  return page.evaluate(() => {
    const w = window as unknown as { __reached: Reached[]; __wrapped: boolean };
    if (!w.__wrapped) throw new Error('Tab never came back round to the first control: focus is trapped somewhere');
    const reachedRadio = new Set([...document.querySelectorAll('input[type="radio"][data-kb-reached]')].map((el) => (el as HTMLInputElement).name));
    const missed = [...document.querySelectorAll('[data-kb-control]:not([data-kb-reached])')]
      .filter((el) => !(el instanceof HTMLInputElement && el.type === 'radio' && reachedRadio.has(el.name)))
      .map((el) => `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}"`);
    return { reached: w.__reached, missed };
  });
}

/** Tabs through the page (opened at `path` when given) and expects every control reached with visible focus. */
async function expectKeyboardReach(page: Page, label: string, ready: Locator, path?: string) {
  if (path) await page.goto(path);
  await expect(ready).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const { reached, missed } = await tabThrough(page);
  console.log(`keyboard  ${label.padEnd(40)} ${reached.length} Tab stops, ${missed.length} missed, ${reached.filter((r) => r.weak).length} without visible focus`);
  expect.soft(missed, `${label}: controls Tab never reaches`).toEqual([]);
  expect
    .soft(
      reached.filter((r) => r.weak).map((r) => `${r.what}: ${r.weak}`),
      `${label}: controls focused without a visible indicator`,
    )
    .toEqual([]);
}

/** Whether focus is inside the open dialog. */
const focusInDialog = (page: Page) => page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]')));

/**
 * A confirmation dialog opened from `opener` with Enter: focus goes inside and stays inside
 * through Tab and Shift+Tab, Esc closes it and focus goes back to the opener; opened again, its
 * cancel button (reached by keyboard) closes it the same way.
 */
async function expectDialogKeyboard(page: Page, opener: Locator, title: string, cancel = '再想想') {
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await expect.poll(() => focusInDialog(page), `${title}: focus moves into the dialog`).toBe(true);
  for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    expect(await focusInDialog(page), `${title}: focus stays inside after ${key}`).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog, `${title}: Esc closes it`).toHaveCount(0);
  await expect(opener, `${title}: focus returns to the control that opened it`).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  const cancelButton = dialog.getByRole('button', { name: cancel });
  for (let i = 0; i < 4 && !(await cancelButton.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(cancelButton, `${title}: ${cancel} is reached by Tab`).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(opener, `${title}: focus returns after ${cancel}`).toBeFocused();
}

test.describe('keyboard, signed out', () => {
  const current = sharedState();

  test('/: every control reached by Tab, each with visible focus', async () => {
    const page = current();
    await expectKeyboardReach(page, 'signed out  /', page.getByRole('article').first(), '/');
  });

  test('/details: every control reached by Tab, each with visible focus', async () => {
    const page = current();
    const { tables } = await new MockDriver(page).state();
    const klass = tables.classes.find((c) => c.name === '寒假科学探索营')!;
    await expectKeyboardReach(page, 'signed out  /details', page.getByRole('heading', { level: 1, name: klass.name }), `/details?id=${klass.id}`);
  });

  test('/feedback: every control reached by Tab, each with visible focus', async () => {
    const page = current();
    await expectKeyboardReach(page, 'signed out  /feedback', page.getByRole('heading', { level: 1, name: '意见反馈' }), '/feedback');
  });

  test('what focus shows, the category menu off the home page and the side tool, Esc hides', async () => {
    const page = current();
    await page.goto('/apply');
    await expect(page.getByRole('heading', { level: 1, name: '招生简章' })).toBeVisible();
    const menu = page.getByRole('navigation', { name: '课程分类' });
    await expect(menu).toBeHidden();
    await page.getByText('全部课程分类').locator('..').focus();
    await expect(menu, 'focus on 全部课程分类 shows the categories').toBeVisible();
    // The categories load beside the page (their skeleton has no links): Tab once they are there.
    await expect(menu.getByRole('link').first()).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu, 'Esc hides the categories').toBeHidden();

    const phone = page.getByRole('complementary', { name: '快捷工具' }).getByRole('button', { name: '电话咨询' });
    await phone.focus();
    const tip = page.getByRole('tooltip').filter({ hasText: '咨询电话' });
    await expect(tip, 'focus on 电话咨询 shows the number').toBeVisible();
    await expect(phone).toHaveAccessibleDescription(/咨询电话/);
    await page.keyboard.press('Escape');
    await expect(tip, 'Esc hides it').toBeHidden();
    await expect(phone).toBeFocused();

    // A QR code is drawn when its pop-up is first wanted: focus is enough, as hovering is.
    const tool = page.getByRole('complementary', { name: '快捷工具' });
    await tool.getByRole('button', { name: '小程序' }).focus();
    await expect(tool.getByRole('img', { name: '小程序二维码' }), 'focus on 小程序 draws its code').toBeVisible();
  });
});

test.describe('keyboard, signed in', () => {
  const current = sharedState((page) => signIn(page, 'gaoyan', '/personal/classBooking'));

  for (const [path, title] of [
    ['classBooking', '报名记录'],
    ['accessControl', '接送人管理'],
    ['password', '登录密码'],
  ]) {
    test(`/personal/${path}: every control reached by Tab, each with visible focus`, async () => {
      const page = current();
      await expectKeyboardReach(page, `signed in  /personal/${path}`, page.getByRole('heading', { level: 1, name: title }), `/personal/${path}`);
    });
  }

  test('the user menu and the child selector open from the keyboard and close on Esc', async () => {
    const page = current();
    await page.goto('/');
    const user = page.getByRole('button', { name: /高燕/ });
    await user.focus();
    await page.keyboard.press('Enter');
    await expect(user).toHaveAttribute('aria-expanded', 'true');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem').first(), 'ArrowDown moves into the menu').toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem').nth(1)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu, 'Esc closes the user menu').toBeHidden();
    await expect(user, 'focus returns to the user menu button').toBeFocused();

    const child = page.getByRole('button', { name: /请选择宝宝|当前宝宝/ });
    await child.focus();
    await page.keyboard.press('Enter');
    const choices = page.getByRole('radiogroup', { name: '选择宝宝' });
    await expect(choices).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(choices.getByRole('radio').first(), 'Tab moves into the choices').toBeFocused();
    await page.keyboard.press('Escape');
    await expect(choices, 'Esc closes the child selector').toBeHidden();
    await expect(child, 'focus returns to the child selector').toBeFocused();
  });

  test('confirmation dialogs keep focus inside, close on Esc and give focus back', async () => {
    const page = current();
    await page.goto('/personal/classBooking');
    await expectDialogKeyboard(page, page.getByRole('button', { name: '取消报名' }).first(), '取消报名');
    await page.goto('/personal/accessControl');
    await expectDialogKeyboard(page, page.getByRole('button', { name: /^删除接送人/ }).first(), '删除接送人', '取消');
  });
});
