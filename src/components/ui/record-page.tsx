/**
 * The frame of a page about one record its address names (`?orderId=12`): the page's title block,
 * and, when the address names none it can read, what is missing and where to find it instead.
 * Loading, failure and emptiness of the record itself are the body's (`QueryState`, `QueryFailed`).
 */
import type { ComponentProps, ReactNode } from 'react';
import { useIdParam } from '#src/lib/use-id-param.ts';
import { PageFrame } from './page-frame.tsx';
import { EmptyState } from './states.tsx';

export function RecordPage({
  param,
  missing,
  children,
  ...frame
}: Omit<ComponentProps<typeof PageFrame>, 'children'> & {
  /** The search parameter that names the record. */
  param: string;
  /** What the page says without it. */
  missing: ComponentProps<typeof EmptyState>;
  /** The body, for the record's id; keyed by it, so nothing typed for one record carries over to another. */
  children: (id: number) => ReactNode;
}) {
  const id = useIdParam(param);
  return <PageFrame {...frame}>{id === null ? <EmptyState {...missing} /> : <KeyedBody key={id}>{children(id)}</KeyedBody>}</PageFrame>;
}

function KeyedBody({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
