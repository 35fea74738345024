/** The error catalogue's effects in the browser: toasts, going home, signing in again. */
import type { createBrowserRouter } from 'react-router-dom';
import { browser } from '../lib/browser.ts';
import { createErrorEffects } from '../lib/api/error-effects.ts';
import { clearSession } from '../stores/session-store.ts';
import { toast } from '../stores/toast-store.ts';
import { USERNAME_KEY, goToLogin } from '../lib/session/session-flow.ts';

type Router = ReturnType<typeof createBrowserRouter>;

/** The router is created after the query client, so it is handed over once it exists. */
export function createAppErrorEffects() {
  let router: Router | null = null;
  const effects = createErrorEffects({
    toastError: toast.error,
    goHome: () => void (router ? router.navigate('/') : browser.assign('/')),
    relogin: () => {
      clearSession();
      localStorage.removeItem(USERNAME_KEY);
      goToLogin();
    },
    log: (message) => console.warn(`[api] ${message}`),
  });
  return { effects, attachRouter: (r: Router) => void (router = r) };
}
