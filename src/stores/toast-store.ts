/** Toasts (spec §2 and §9): info, succeed and error; 3 s visible, then a 0.4 s fade. */
import { proxy } from 'valtio';
import { scoped } from './request-scope.ts';

export type ToastKind = 'info' | 'succeed' | 'error';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  /** Set when the fade starts, so the component can animate out before removal. */
  leaving: boolean;
}

export const TOAST_VISIBLE_MS = 3000;
export const TOAST_FADE_MS = 400;
/**
 * How long a toast shows, the spec's 3 s. The stories hold toasts longer (stories/support), so a
 * picture of a story does not depend on how fast the machine took it.
 */
export const toastTiming = { visibleMs: TOAST_VISIBLE_MS };
/** More than this at once is noise: the oldest go first. */
const MAX_TOASTS = 3;

/** The visitor's toasts (one list per request on the server, which shows none): `useSnapshot(toastStore())`. */
export const toastStore = scoped(() => proxy<{ toasts: Toast[] }>({ toasts: [] }));

let nextId = 1;

function show(kind: ToastKind, message: string): number {
  const store = toastStore();
  const id = nextId++;
  // The same message twice in a row (e.g. two failing queries) shows once.
  const last = store.toasts[store.toasts.length - 1];
  if (last && !last.leaving && last.message === message && last.kind === kind) return last.id;
  store.toasts.push({ id, kind, message, leaving: false });
  while (store.toasts.length > MAX_TOASTS) store.toasts.shift();
  setTimeout(() => {
    const toast = store.toasts.find((t) => t.id === id);
    if (toast) toast.leaving = true;
    setTimeout(() => dismissToastOf(store, id), TOAST_FADE_MS);
  }, toastTiming.visibleMs);
  return id;
}

function dismissToastOf(store: { toasts: Toast[] }, id: number): void {
  store.toasts = store.toasts.filter((t) => t.id !== id);
}

export function dismissToast(id: number): void {
  dismissToastOf(toastStore(), id);
}

export const toast = {
  info: (message: string) => show('info', message),
  succeed: (message: string) => show('succeed', message),
  error: (message: string) => show('error', message),
};

export function resetToastStore(): void {
  toastStore().toasts = [];
}
