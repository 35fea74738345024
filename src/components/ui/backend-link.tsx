/**
 * The one anchor for an address the backend gives (decision 046): the footer's and the side
 * tool's site links, a banner's link, a stored file. It renders the address only when it is a
 * link (contract/links.ts: http(s), or a path of the portal), whatever the runtime would do with
 * a `javascript:` href (React 19 replaces it with one that throws; another runtime might not);
 * otherwise `fallback`, by default the children without a link. A path of the portal opens in the
 * app, through the router; anything else, and every file, in a new tab.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { isPortalLink, linkOrNull } from '#contract/links';

export function BackendLink({
  href,
  file = false,
  className,
  fallback,
  children,
}: {
  /** The address as the backend gave it (a file's already joined to oss_base_url: useOssUrl). */
  href: string | null | undefined;
  /** A stored file: a plain anchor in a new tab even on the portal's own origin. */
  file?: boolean;
  className?: string;
  /** What shows when the address is no link; the children, unlinked, when not given. */
  fallback?: ReactNode;
  children: ReactNode;
}) {
  const link = linkOrNull(href, 'link');
  if (link === null) return fallback === undefined ? <span className={className}>{children}</span> : <>{fallback}</>;
  if (!file && isPortalLink(link)) {
    return (
      <Link to={link} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href={link} className={className} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}
