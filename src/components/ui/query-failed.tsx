/** A page's main data failed to load: say why in the backend's words, offer to try again. */
import { ErrorState } from './states.tsx';
import type { ApiError } from '../../lib/api/outcome.ts';
import { failureMessage } from '../../lib/api/failure-text.ts';

export function QueryFailed({ error, title = '加载失败', onRetry }: { error: ApiError | null; title?: string; onRetry?: () => void }) {
  return <ErrorState title={title} hint={failureMessage(error) ?? '网络或服务暂时不可用，请稍后重试。'} onRetry={onRetry} />;
}
