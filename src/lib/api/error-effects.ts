/**
 * The one place that acts on a failed call: toasts, redirects and the sign-out of the spec
 * section 8, as error-policy.ts decides. The app wires it into react-query's caches; tests give
 * it fakes.
 */
import { decideErrorAction, type ErrorAction } from './error-policy.ts';
import { describeFailure, isApiError, type ApiFailure } from './outcome.ts';

export interface ErrorEffectPorts {
  toastError: (message: string) => void;
  goHome: () => void;
  /** Clear cookies and credentials and send the browser to the account login. */
  relogin: () => void;
  log: (message: string) => void;
}

/**
 * How a call's failure is handled. 'log': logged, no toast (spec §8: personal data, contacts,
 * background reads). 'manual': the caller shows the msg itself (a form beside its field). In both,
 * redirects and sign-outs still happen (decision 031).
 */
export type ErrorHandling = 'default' | 'log' | 'manual';

export function createErrorEffects(ports: ErrorEffectPorts) {
  function act(action: ErrorAction) {
    switch (action.type) {
      case 'toast':
        ports.toastError(action.message);
        return;
      case 'home':
        ports.toastError(action.message);
        ports.goHome();
        return;
      case 'home-silent':
        ports.goHome();
        return;
      case 'relogin':
        ports.relogin();
        return;
      case 'none':
        return;
    }
  }

  /** Acts on a failure; returns what it decided, for callers and tests. */
  function handle(failure: ApiFailure, handling: ErrorHandling = 'default', operation = 'call'): ErrorAction {
    ports.log(`${operation} failed: ${describeFailure(failure)}`);
    const action = decideErrorAction(failure);
    // 'log' and 'manual' keep only the toast to themselves: a lost session or a closed account is
    // never one query's to swallow (another part of the page may show the same data).
    if (handling === 'default' || action.type !== 'toast') act(action);
    return action;
  }

  /** For react-query's onError: anything that is not an ApiError is a bug, logged only. */
  function handleError(error: unknown, handling: ErrorHandling = 'default'): void {
    if (isApiError(error)) handle(error.failure, handling, error.operation);
    else ports.log(`unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }

  return { handle, handleError };
}
