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
 * How a call's failure is handled. 'log': only logged, nothing shown or done (spec §8:
 * ticket validation, personal data, contacts). 'manual': the caller shows the msg itself (a form
 * beside its field), but redirects and sign-outs still happen.
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
    if (handling === 'default') {
      act(action);
    } else if (handling === 'manual' && action.type !== 'toast') {
      // A lost session or a forbidden page is never the caller's to explain.
      act(action);
    }
    return action;
  }

  /** For react-query's onError: anything that is not an ApiError is a bug, logged only. */
  function handleError(error: unknown, handling: ErrorHandling = 'default'): void {
    if (isApiError(error)) handle(error.failure, handling, error.operation);
    else ports.log(`unexpected error: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
  }

  return { handle, handleError };
}
