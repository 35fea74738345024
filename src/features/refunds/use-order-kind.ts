/**
 * Whether an order is for an activity (class_type 活动): activity orders have their own refund
 * calls. order_detail does not say, so the order's class does.
 */
import { classType } from '#contract/index';
import { useApiQuery } from '../../lib/api/queries.ts';

export type RefundKind = 'regular' | 'activity';

export function useOrderKind(classId: number | undefined) {
  const klass = useApiQuery('class_detail', { pathParams: { id: classId ?? 0 } }, { enabled: classId !== undefined, staleTime: 5 * 60_000 });
  const kind: RefundKind | null = klass.data ? (klass.data.class_type === classType.values.activity ? 'activity' : 'regular') : null;
  return { kind, query: klass };
}
