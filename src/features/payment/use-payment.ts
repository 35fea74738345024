/**
 * One payment attempt at a time: open a trade for the chosen pay type, then follow it by the
 * websocket and by polling its status (every 3 s while the socket is not open, slowly while it
 * is, in case a message is lost). A failed or closed trade can be replaced by a new one; a new
 * trade is never asked for while one request is still on its way.
 */
import { errorCodes } from '#contract/error-codes';
import { paymentStatus } from '#contract/coded-values';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { failureCode, failureMessage } from '../../lib/api/failure-text.ts';
import { applyInvalidations } from '../../lib/api/invalidations.ts';
import { payCallOf, startTrade, tradeStatusQuery, type PayTarget, type PayTypeValue, type Trade, type TradeStatus } from './pay-target.ts';
import { usePaySocket, type PayWsMessage, type SocketState } from './use-pay-socket.ts';
import { withLoadingOverlay } from '../../stores/ui-store.ts';

/** Polling while the websocket is not open (the design brief: the result arrives by either channel). */
export const POLL_MS = 3_000;
/** Polling while it is open: only a safety net for a message the socket lost. */
export const SAFETY_POLL_MS = 15_000;

type Status = TradeStatus['status'];

export type PaymentPhase =
  | { kind: 'idle' }
  | { kind: 'starting' }
  | { kind: 'refused'; message: string; code: number | null }
  | { kind: 'waiting'; trade: Trade }
  | { kind: 'paid'; trade: Trade }
  | { kind: 'failed'; trade: Trade; reason: string }
  | { kind: 'closed'; trade: Trade; reason: string };

const isSettled = (status: Status | undefined) => status !== undefined && status !== paymentStatus.values.waiting;

/** Refusals after which the page's own data is out of date (paid meanwhile, or closed). */
const STALE_CODES: ReadonlySet<number> = new Set([errorCodes.orderAlreadyPaid.code, errorCodes.orderNotPayable.code]);

export function usePayment(target: PayTarget, { onPaid, onStale, now }: { onPaid: () => void; onStale: () => void; now: number }) {
  const queryClient = useQueryClient();
  const payCall = payCallOf(target);
  const start = useMutation({
    // The whole page waits for the QR code: the loading overlay of spec §2.
    mutationFn: (type: PayTypeValue) => withLoadingOverlay(() => startTrade(target, type)),
    onError: (error) => {
      const code = failureCode(error);
      if (code !== null && STALE_CODES.has(code)) onStale();
    },
    meta: { errorHandling: 'manual' },
  });
  // A new request clears the old trade (react-query resets data on mutate), so nothing of the
  // old trade (its closing message, say) can touch the new one.
  const trade = start.data ?? null;
  const tradeNo = trade?.trade_no ?? null;

  const [pushed, setPushed] = useState<PayWsMessage | null>(null);
  const socket: SocketState = usePaySocket(tradeNo, setPushed);
  const pushedStatus = pushed && pushed.trade_no === tradeNo ? pushed.status : undefined;

  const polled = useQuery({
    ...tradeStatusQuery(target, tradeNo ?? ''),
    enabled: tradeNo !== null,
    refetchInterval: (query) => (isSettled(query.state.data?.status) ? false : socket === 'open' ? SAFETY_POLL_MS : POLL_MS),
    // A status poll that fails is retried by the next one; nobody needs a toast every 3 s.
    meta: { errorHandling: 'log' },
  });
  const polledStatus = polled.data?.trade_no === tradeNo ? polled.data : undefined;

  // The socket said how it ended; the status call adds why (fail_reason) and confirms it.
  const { refetch } = polled;
  useEffect(() => {
    if (isSettled(pushedStatus) && !isSettled(polledStatus?.status)) void refetch();
  }, [pushedStatus, polledStatus?.status, refetch]);

  const status: Status = isSettled(polledStatus?.status) ? polledStatus!.status : (pushedStatus ?? paymentStatus.values.waiting);

  const paidTrade = useRef<string | null>(null);
  const onPaidRef = useRef(onPaid);
  useEffect(() => {
    onPaidRef.current = onPaid;
  });
  useEffect(() => {
    if (tradeNo && status === paymentStatus.values.success && paidTrade.current !== tradeNo) {
      paidTrade.current = tradeNo;
      // What the payment changed (the order, its lists, the fees) is asked again as it lands.
      void applyInvalidations(queryClient, payCall, 'paid');
      onPaidRef.current();
    }
  }, [tradeNo, status, queryClient, payCall]);

  let phase: PaymentPhase;
  if (start.isPending) phase = { kind: 'starting' };
  else if (start.isError) phase = { kind: 'refused', message: failureMessage(start.error) ?? '发起支付失败，请稍后重试', code: failureCode(start.error) };
  else if (!trade) phase = { kind: 'idle' };
  else if (status === paymentStatus.values.success) phase = { kind: 'paid', trade };
  else if (status === paymentStatus.values.failed) phase = { kind: 'failed', trade, reason: polledStatus?.fail_reason ?? '支付未成功，请重新支付' };
  else if (status === paymentStatus.values.closed) phase = { kind: 'closed', trade, reason: polledStatus?.fail_reason ?? '本次交易已关闭，请重新发起支付' };
  // The QR code stops paying at expire_at; the backend closes the trade then too.
  else if (now >= Date.parse(trade.expire_at)) phase = { kind: 'closed', trade, reason: '二维码已过期，请重新获取' };
  else phase = { kind: 'waiting', trade };

  return {
    phase,
    socket,
    /** Asks for a trade of this pay type; ignored while a request is on its way. */
    pay: (type: PayTypeValue) => {
      if (!start.isPending) start.mutate(type);
    },
  };
}
