// @vitest-environment jsdom
/**
 * The browser mock's saves across pages of one tab and across tabs. Chromium may run the page a
 * tab leaves (its pagehide save) in its old process while the next page already runs: that late
 * save reaches the next page as another tab's, and must not roll back what the next page did
 * since (seen: a ticket validated, then the session gone and the parent sent to sign in).
 */
import { afterEach, describe, expect, test } from 'vitest';
import { Persistence, STORAGE_KEY } from './browser-persistence.ts';
import { MockState } from './core/state.ts';
import { openSession } from './testing.ts';

const NOW = Date.UTC(2026, 0, 5, 2, 0, 0);

const pages: (() => void)[] = [];

/** A page of the tab: a mock state and its persistence, started from what is saved, watching. */
async function openPage(): Promise<{ state: MockState; persistence: Persistence }> {
  const state = new MockState({ now: NOW, frozen: true, settings: {} });
  const persistence = new Persistence(state, null);
  const saved = await persistence.read();
  if (saved) await persistence.take(saved);
  pages.push(persistence.watch(() => {}));
  return { state, persistence };
}

/** What another page's save looks like to this one: a storage event with the saved text. */
function anotherPageSaved(text: string) {
  window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEY, newValue: text }));
}

const sessions = (state: MockState) => state.db.sessions.all().map((s) => s.client_id);
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  pages.splice(0).forEach((close) => close());
  localStorage.clear();
});

describe('the browser mock keeps the newest state across pages and tabs', () => {
  test("a page's late save of an older state does not roll back the page after it", async () => {
    const before = await openPage();
    before.persistence.flush();
    const olderSave = localStorage.getItem(STORAGE_KEY)!;

    const after = await openPage();
    await openSession(after.state, 1);
    after.persistence.schedule();

    anotherPageSaved(olderSave);
    await settle();
    expect(sessions(after.state)).toHaveLength(1);
  });

  test("another tab's newer save is taken", async () => {
    const mine = await openPage();
    mine.persistence.flush();

    const other = await openPage();
    await openSession(other.state, 1);
    other.persistence.schedule();
    other.persistence.flush();
    const newerSave = localStorage.getItem(STORAGE_KEY)!;

    anotherPageSaved(newerSave);
    await settle();
    expect(sessions(mine.state)).toEqual(sessions(other.state));
  });

  test('leaving a page saves only what changed since its last save', async () => {
    const page = await openPage();
    page.persistence.flush();
    localStorage.setItem(STORAGE_KEY, 'written since by the next page');

    window.dispatchEvent(new Event('pagehide'));
    expect(localStorage.getItem(STORAGE_KEY)).toBe('written since by the next page');

    await openSession(page.state, 1);
    page.persistence.schedule();
    window.dispatchEvent(new Event('pagehide'));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY)!).state.snapshot.sessions).toHaveLength(1);
  });
});
