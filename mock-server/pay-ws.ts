/**
 * The payment websocket (global_config's pay_ws_url = PAY_WS_PATH on the portal's origin), mocked
 * with msw's `ws` API. Browser only: the standalone HTTP server has no websocket, and pages fall
 * back to polling get_pay_status / query_supply_fee_pay_status / query_order_pay_status there.
 *
 * Protocol (the project's own; the spec does not show one):
 *   server → client: every payment result as JSON, payWsMessageSchema
 *     {"type":"pay_status","trade_no":"T…","order_id":12,"supply_fee_id":null,"status":2}
 *   client → server (optional): {"trade_no":"T…"} — from then on only that trade's messages; if the
 *     trade is already settled, its status is sent at once (so a late subscriber misses nothing).
 *     {"trade_no":null} goes back to every message.
 */
import { ws, type WebSocketHandlerConnection } from 'msw';
import { paymentStatus } from '#contract/index';
import { PAY_WS_PATH } from './config.ts';
import type { MockState, PayWsMessage } from './state.ts';

/**
 * `*${PAY_WS_PATH}`: STACK.md — a `ws://*` pattern never matches in Chromium, a leading `*` does.
 * It matches ws:// and wss:// on any host; the page only ever opens its own origin's address.
 */
export const PAY_WS_PATTERN = `*${PAY_WS_PATH}`;

interface Subscriber {
  send: (data: string) => void;
  tradeNo: string | null;
}

function parseSubscription(data: unknown): { tradeNo: string | null } | null {
  if (typeof data !== 'string') return null;
  try {
    const body = JSON.parse(data) as unknown;
    if (body && typeof body === 'object' && 'trade_no' in body) {
      const tradeNo = (body as { trade_no: unknown }).trade_no;
      if (tradeNo === null || typeof tradeNo === 'string') return { tradeNo: tradeNo || null };
    }
  } catch {
    // not JSON: ignored, as a real server would
  }
  return null;
}

/** One client connection of the payment websocket, as msw's ws link hands it over. */
export type PayWsConnection = Pick<WebSocketHandlerConnection, 'client'>;

/**
 * What the mock does with each connection: sends it every state.emitPayStatus message (or only
 * its trade's, once it subscribes).
 */
export function payWsConnections(state: MockState): (connection: PayWsConnection) => void {
  // Our own clients only: link.clients also lists other tabs' clients, whose state is not ours.
  const subscribers = new Map<string, Subscriber>();

  state.onPayStatus((message: PayWsMessage) => {
    const text = JSON.stringify(message);
    for (const subscriber of subscribers.values()) {
      if (subscriber.tradeNo === null || subscriber.tradeNo === message.trade_no) subscriber.send(text);
    }
  });

  return ({ client }) => {
    const subscriber: Subscriber = { send: (data) => client.send(data), tradeNo: null };
    subscribers.set(client.id, subscriber);
    client.addEventListener('message', (event) => {
      const subscription = parseSubscription(event.data);
      if (!subscription) return;
      subscriber.tradeNo = subscription.tradeNo;
      if (!subscription.tradeNo) return;
      const trade = state.db.trades.findFirst((q) => q.where({ trade_no: subscription.tradeNo! }));
      if (trade && trade.status !== paymentStatus.values.waiting) {
        const message: PayWsMessage = {
          type: 'pay_status',
          trade_no: trade.trade_no,
          order_id: trade.order_id,
          supply_fee_id: trade.supply_fee_id,
          status: trade.status,
        };
        subscriber.send(JSON.stringify(message));
      }
    });
    client.addEventListener('close', () => subscribers.delete(client.id));
  };
}

/** The websocket handler for a state (msw's ws API: browser worker, msw/node). */
export function payWsHandler(state: MockState) {
  return ws.link(PAY_WS_PATTERN).addEventListener('connection', payWsConnections(state));
}
