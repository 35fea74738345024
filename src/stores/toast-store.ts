/** Toasts (spec §2 and §9): info, succeed and error; 3 s visible, then a 0.4 s fade. */
import { proxy } from 'valtio';

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
/** More than this at once is noise: the oldest go first. */
const MAX_TOASTS = 3;

export const toastStore = proxy<{ toasts: Toast[] }>({ toasts: [] });

let nextId = 1;

function show(kind: ToastKind, message: string): number {
  const id = nextId++;
  // The same message twice in a row (e.g. two failing queries) shows once.
  const last = toastStore.toasts[toastStore.toasts.length - 1];
  if (last && !last.leaving && last.message === message && last.kind === kind) return last.id;
  toastStore.toasts.push({ id, kind, message, leaving: false });
  while (toastStore.toasts.length > MAX_TOASTS) toastStore.toasts.shift();
  setTimeout(() => {
    const toast = toastStore.toasts.find((t) => t.id === id);
    if (toast) toast.leaving = true;
    setTimeout(() => dismissToast(id), TOAST_FADE_MS);
  }, TOAST_VISIBLE_MS);
  return id;
}

export function dismissToast(id: number): void {
  toastStore.toasts = toastStore.toasts.filter((t) => t.id !== id);
}

export const toast = {
  info: (message: string) => show('info', message),
  succeed: (message: string) => show('succeed', message),
  error: (message: string) => show('error', message),
};

export function resetToastStore(): void {
  toastStore.toasts = [];
}
