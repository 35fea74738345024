/**
 * A control that starts a sign-in (decision 090): a link to /login, to come back to this page (or
 * to `from`). A link works before the page's scripts have run and without them; /login's loader
 * does the rest (app/login-loader.ts).
 */
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { href } from '#src/lib/routes.ts';

export function SignInLink({ className, from, children }: { className?: string; from?: string; children: ReactNode }) {
  const here = useLocation();
  return (
    <Link to={href('login', { from: from ?? `${here.pathname}${here.search}` })} className={className}>
      {children}
    </Link>
  );
}
