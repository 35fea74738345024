/**
 * Stored files live under oss_base_url (spec §3). When the answer has none, the
 * fallback handler of spec §8 uses the configured fallback base and says so in the log.
 */
import { useApiQuery } from '../api/queries.ts';
import { ossFallbackUrl } from '../app-config.ts';

let warned = false;

export function ossBaseFrom(answer: { oss_base_url?: string } | undefined): string {
  if (answer && !answer.oss_base_url && !warned) {
    warned = true;
    console.warn('[oss] oss_base_url missing; using the fallback base');
  }
  return answer?.oss_base_url || ossFallbackUrl;
}

/** An absolute or data address stays as it is; a relative one joins the base. */
export function joinOss(base: string, path: string | null | undefined): string | null {
  if (!path) return null;
  if (/^(https?:|data:|blob:|\/)/.test(path)) return path;
  return `${base.replace(/\/?$/, '/')}${path}`;
}

export function useOssUrl() {
  const query = useApiQuery('oss_base_url', {}, { staleTime: Infinity, errorHandling: 'log' });
  const base = query.data ? ossBaseFrom(query.data) : ossFallbackUrl;
  return (path: string | null | undefined) => joinOss(base, path);
}
