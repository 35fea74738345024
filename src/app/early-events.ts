/**
 * The taps a server's page got before its scripts ran (decision 085), done now that it is
 * hydrated: the document's early listener (src/server/inline-scripts.ts, EARLY_EVENTS) kept each
 * control once, stopped it and marked it busy; here each is done again, in order, on the same
 * element. What was typed or ticked meanwhile is given to React first (the hydration keeps the DOM's
 * value but not the page's state), so a form replayed sends what the parent sees.
 */

import { nextTask } from '../lib/next-task.ts';

/** The early listener's queue (window.__ccEarly): the elements in the order they were tapped. */
type EarlyQueue = (HTMLElement | HTMLFormElement)[] & { done?: boolean };

/** The name the app sets when its hydration's commit is done (bench:web reads it: decision 085). */
export const HYDRATED_MARK = 'cc:hydrated';

const early = () => (globalThis as { __ccEarly?: EarlyQueue }).__ccEarly;

/** The early listener's busy marks taken off (the hydration must meet the server's attributes). */
export function unmarkEarlyTargets(): void {
  for (const element of early() ?? []) {
    element.removeAttribute('aria-busy');
    element.removeAttribute('data-early');
  }
}

// React tracks a field's value to tell a change; the prototype's setter changes it unseen.
const nativeSetter = (element: HTMLElement, field: 'value' | 'checked') => Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), field)?.set;

/** A field the parent changed before the hydration, told to React as the change it was. */
function giveToReact({ field, typed, wanted }: ChangedField) {
  // A discrete event hydrates the field's part of the page at once, if it is not yet; it also
  // renders what the fields before it changed, which sets each controlled field to React's state:
  // the parent's value was read before.
  field.dispatchEvent(new Event('input', { bubbles: true }));
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    if (field.checked === wanted && field.defaultChecked === wanted) return;
    // React's state (defaultChecked after the hydration) back, then the click that changes it.
    field.checked = !wanted;
    field.click();
    return;
  }
  const drawn = field instanceof HTMLSelectElement ? ([...field.options].find((o) => o.defaultSelected)?.value ?? '') : field.defaultValue;
  if (typed === drawn) return;
  field.value = drawn;
  nativeSetter(field, 'value')?.call(field, typed);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

interface ChangedField {
  field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
  typed: string;
  wanted: boolean;
}

/** The fields whose value is not the one the server drew: typed, ticked or chosen before the hydration. */
function changedFields(root: ParentNode): ChangedField[] {
  return [...root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>('input, textarea, select')]
    .filter((field) => {
      if (field instanceof HTMLInputElement) {
        if (field.type === 'checkbox' || field.type === 'radio') return field.checked !== field.defaultChecked;
        if (['file', 'hidden', 'submit', 'button', 'reset', 'image'].includes(field.type)) return false;
      }
      if (field instanceof HTMLSelectElement) return [...field.options].some((o) => o.selected !== o.defaultSelected);
      return field.value !== field.defaultValue;
    })
    .map((field) => ({ field, typed: field.value, wanted: field instanceof HTMLInputElement && field.checked }));
}

/**
 * Once, after the hydration's commit: the early listener stops taking taps (React has them now),
 * the fields changed meanwhile reach React, and each kept tap is done on its element.
 */
export async function replayEarlyEvents(doc: Document = document): Promise<void> {
  // Once (StrictMode runs an effect twice under `npm start`).
  if (performance.getEntriesByName(HYDRATED_MARK).length === 0) performance.mark(HYDRATED_MARK);
  const queue = early();
  if (!queue || queue.done) return;
  queue.done = true;
  const root = doc.getElementById('root');
  // Read before any replay: the server's values are the fields' defaults until React has them.
  const changed = root ? changedFields(root) : [];
  changed.forEach(giveToReact);
  for (const element of queue.splice(0)) {
    // React renders a discrete event's updates after it (a microtask): each tap meets the page
    // the one before it left, and a submit the fields' values.
    await nextTask();
    element.removeAttribute('aria-busy');
    element.removeAttribute('data-early');
    if (!element.isConnected) continue;
    // A discrete event no handler takes hydrates the element's part of the page first, if it is
    // not yet (a submit is not an event React hydrates for).
    element.dispatchEvent(new Event('input', { bubbles: true }));
    if (element instanceof HTMLFormElement) element.requestSubmit();
    else element.click();
  }
}
