/**
 * The frame of a page about one record its address names (`?orderId=12`): the page's title block,
 * and, when the address names none it can read, what is missing and where to find it instead.
 * Loading, failure and emptiness of the record itself are the body's (`QueryState`, `QueryFailed`).
 */
import type { ComponentProps, ReactNode } from 'react';
import { PageFrame } from './page-frame.tsx';
import { EmptyState } from './states.tsx';

export function RecordPage({
  id,
  missing,
  children,
  ...frame
}: Omit<ComponentProps<typeof PageFrame>, 'children'> & {
  /** The record's id, as the page's address names it (`useRouteSearch`); undefined when it names none. */
  id: number | undefined;
  /** What the page says without it. */
  missing: ComponentProps<typeof EmptyState>;
  /** The body, for the record's id; keyed by it, so nothing typed for one record carries over to another. */
  children: (id: number) => ReactNode;
}) {
  return <PageFrame {...frame}>{id === undefined ? <EmptyState {...missing} /> : <KeyedBody key={id}>{children(id)}</KeyedBody>}</PageFrame>;
}

function KeyedBody({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
