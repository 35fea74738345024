/**
 * A toast that survives a page reload: logout shows the server's msg and then reloads (the spec
 * section 4), so the message waits in sessionStorage for the next page.
 */
import { toast, type ToastKind } from '../../stores/toast-store.ts';

const KEY = 'flash-toast';

export function flashToast(kind: ToastKind, message: string): void {
  sessionStorage.setItem(KEY, JSON.stringify({ kind, message }));
}

export function showFlashToast(): void {
  const raw = sessionStorage.getItem(KEY);
  if (!raw) return;
  sessionStorage.removeItem(KEY);
  try {
    const { kind, message } = JSON.parse(raw) as { kind: ToastKind; message: string };
    if (kind in toast && typeof message === 'string') toast[kind](message);
  } catch {
    // A damaged entry is dropped; it was only a courtesy message.
  }
}
