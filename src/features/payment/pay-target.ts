/**
 * What a payment pays: an order (pay_sign_up, get_pay_status) or a supplementary fee
 * (pay_supply_fee, query_supply_fee_pay_status). The one place the two differ, so the payment
 * panel and its hooks are written once for both.
 */
import type { payType, ValueOf } from '#contract/coded-values';
import { apiKeys, callOrThrow, type Data } from '../../lib/api/queries.ts';

export type PayTarget = { kind: 'order'; orderId: number } | { kind: 'supplyFee'; supplyFeeId: number };
export type PayTypeValue = ValueOf<typeof payType>;
export type Trade = Data<'pay_sign_up'>;
export type TradeStatus = Data<'get_pay_status'>;

/** The call that opens a trade for the target (its invalidations apply once the trade is paid). */
export const payCallOf = (target: PayTarget) => (target.kind === 'order' ? ('pay_sign_up' as const) : ('pay_supply_fee' as const));

/** Opens (or, for the same pay type, reopens) a trade to pay by scanning its QR code. */
export function startTrade(target: PayTarget, type: PayTypeValue): Promise<Trade> {
  return target.kind === 'order'
    ? callOrThrow('pay_sign_up', { body: { order_id: target.orderId, pay_type: type } })
    : callOrThrow('pay_supply_fee', { body: { supply_fee_id: target.supplyFeeId, pay_type: type } });
}

/** Query options for the state of one trade (polled while its QR code is shown). */
export function tradeStatusQuery(target: PayTarget, tradeNo: string) {
  if (target.kind === 'order') {
    const input = { query: { trade_no: tradeNo, order_id: target.orderId } };
    return {
      queryKey: apiKeys.call('get_pay_status', input) as readonly unknown[],
      queryFn: ({ signal }: { signal: AbortSignal }): Promise<TradeStatus> => callOrThrow('get_pay_status', input, signal),
    };
  }
  const input = { query: { supply_fee_id: target.supplyFeeId, trade_no: tradeNo } };
  return {
    queryKey: apiKeys.call('query_supply_fee_pay_status', input) as readonly unknown[],
    queryFn: ({ signal }: { signal: AbortSignal }): Promise<TradeStatus> => callOrThrow('query_supply_fee_pay_status', input, signal),
  };
}
