/** The error catalogue's effects in the browser: toasts, going home, signing in again. */
import type { createBrowserRouter } from 'react-router-dom';
import { browser } from '../lib/browser.ts';
import type { createErrorEffects, ErrorEffectPorts, ErrorHandling } from '../lib/api/error-effects.ts';
import { clearSession } from '../stores/session-store.ts';
import { toast } from '../stores/toast-store.ts';
import { USERNAME_KEY, goToLogin } from '../lib/session/session-flow.ts';
import { href } from '#src/lib/routes.ts';

type Router = ReturnType<typeof createBrowserRouter>;
type Effects = ReturnType<typeof createErrorEffects>;

/**
 * The effects and the error catalogue they read load after the shell has painted (decision 026):
 * nothing fails before a call has answered. Asked for once the app is idle, so a failure (even
 * offline) finds them there.
 */
function deferredEffects(ports: ErrorEffectPorts): Pick<Effects, 'handleError'> {
  let loaded: Promise<Effects> | null = null;
  const load = () => {
    loaded ??= import('../lib/api/error-effects.ts').then((m) => m.createErrorEffects(ports));
    loaded.catch(() => (loaded = null));
    return loaded;
  };
  // Safari has no requestIdleCallback.
  const idle = 'requestIdleCallback' in globalThis ? requestIdleCallback : (run: () => void) => setTimeout(run, 1);
  idle(() => void load().catch(() => undefined));
  return {
    handleError: (error: unknown, handling?: ErrorHandling) => {
      load().then(
        (effects) => effects.handleError(error, handling),
        () => ports.log(`error effects did not load; unhandled: ${String(error)}`),
      );
    },
  };
}

/** The router is created after the query client, so it is handed over once it exists. */
export function createAppErrorEffects() {
  let router: Router | null = null;
  const effects = deferredEffects({
    toastError: toast.error,
    // Never to the address it came from (decision 074): on the home page, the msg is said and the page stays.
    goHome: () => {
      const { pathname, search } = router ? router.state.location : new URL(browser.href());
      if (`${pathname}${search}` === href('home')) return;
      void (router ? router.navigate(href('home')) : browser.assign(href('home')));
    },
    relogin: () => {
      clearSession();
      localStorage.removeItem(USERNAME_KEY);
      goToLogin();
    },
    log: (message) => console.warn(`[api] ${message}`),
  });
  return { effects, attachRouter: (r: Router) => void (router = r) };
}
