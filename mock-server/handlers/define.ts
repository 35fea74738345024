/** Helpers every handler module uses. */
import type { OperationId } from '#contract/index';
import type { Handler, HandlerContext } from '../core/adapter.ts';
import type { Row } from '../core/db.ts';
import type { Refuse } from '../core/refusal.ts';

/** Typed handlers for a group of operations: `defineHandlers({ class_detail: (ctx) => ... })`. */
export function defineHandlers<const H extends { [K in OperationId]?: Handler<K> }>(handlers: H): H {
  return handlers;
}

/** The signed-in parent of an auth operation (the adapter guarantees one). */
export function userOf(ctx: Pick<HandlerContext<OperationId>, 'user'> & { refuse: Refuse<'notSignedIn'> }): Row<'parents'> {
  if (!ctx.user) throw ctx.refuse('notSignedIn');
  return ctx.user;
}

/** Slices a list as the contract's pageOf answers it. */
export function paginate<T>(rows: readonly T[], query: { page?: number; page_size?: number } | undefined) {
  const page = query?.page ?? 1;
  const pageSize = query?.page_size ?? 10;
  return { list: rows.slice((page - 1) * pageSize, page * pageSize), total: rows.length, page, page_size: pageSize };
}

/** A row the parent owns, or 404 (never tell a parent that someone else's record exists). */
export function owned<T extends { parent_id: number | null }>(row: T | undefined, user: Row<'parents'>, what: string, refuse: Refuse<'notFound'>): T {
  if (!row || row.parent_id !== user.id) throw refuse('notFound', `${what}不存在或已删除`);
  return row;
}
