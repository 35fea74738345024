/**
 * Stored files live under oss_base_url (spec §3). When the answer has none, the
 * fallback handler of spec §8 uses the configured fallback base and says so in the log.
 */
import { isLink, linkOrNull } from '#contract/links';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../api/queries.ts';
import { ossFallbackUrl } from '../app-config.ts';

let warned = false;

export function ossBaseFrom(answer: { oss_base_url?: string } | undefined): string {
  if (answer && !answer.oss_base_url && !warned) {
    warned = true;
    console.warn('[oss] oss_base_url missing; using the fallback base');
  }
  return answer?.oss_base_url || ossFallbackUrl;
}

/**
 * A stored file's address: an absolute one or a path of the portal stays as it is, a relative one
 * joins the base; null for anything that is no file link (contract/links.ts, decision 046), so a
 * javascript: or data: value never reaches an href or a src, whatever the answer's check let by.
 */
export function joinOss(base: string, path: string | null | undefined): string | null {
  const file = linkOrNull(path, 'file');
  if (file === null) return null;
  if (isLink(file, 'link')) return file;
  return `${(linkOrNull(base, 'link') ?? ossFallbackUrl).replace(/\/?$/, '/')}${file}`;
}

/** Where stored files live: asked once a visit. */
export const ossQuery = () => apiQuery('oss_base_url', {}, { staleTime: Infinity, errorHandling: 'log' });

export function useOssUrl() {
  const query = useQuery(ossQuery());
  const base = query.data ? ossBaseFrom(query.data) : ossFallbackUrl;
  return (path: string | null | undefined) => joinOss(base, path);
}
