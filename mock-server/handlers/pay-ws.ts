/**
 * The payment websocket (global_config's pay_ws_url = PAY_WS_PATH on the portal's origin), mocked
 * with msw's `ws` API in the browser and the tests, and served for real by the standalone HTTP
 * server (mock-server/http/pay-socket.ts). Pages also poll get_pay_status / query_supply_fee_pay_status /
 * query_order_pay_status, for when the socket is not there.
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
import { PAY_WS_PATH } from '../core/config.ts';
import type { MockState, PayWsMessage } from '../core/state.ts';

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

/**
 * One client of the payment websocket, whatever carries it: msw's ws link (browser, tests) or a
 * real socket (the standalone HTTP server).
 */
export interface PayWsClient {
  id: string;
  send: (data: string) => void;
  onMessage: (listener: (data: unknown) => void) => void;
  onClose: (listener: () => void) => void;
}

/**
 * What the mock does with each client: sends it every state.emitPayStatus message (or only its
 * trade's, once it subscribes).
 */
export function payWsConnections(state: MockState): (client: PayWsClient) => void {
  // Our own clients only: link.clients also lists other tabs' clients, whose state is not ours.
  const subscribers = new Map<string, Subscriber>();

  state.onPayStatus((message: PayWsMessage) => {
    const text = JSON.stringify(message);
    for (const subscriber of subscribers.values()) {
      if (subscriber.tradeNo === null || subscriber.tradeNo === message.trade_no) subscriber.send(text);
    }
  });

  return (client) => {
    const subscriber: Subscriber = { send: (data) => client.send(data), tradeNo: null };
    subscribers.set(client.id, subscriber);
    client.onMessage((data) => {
      const subscription = parseSubscription(data);
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
    client.onClose(() => subscribers.delete(client.id));
  };
}

/** A client of msw's ws link, as a PayWsClient. */
export function mswPayWsClient({ client }: Pick<WebSocketHandlerConnection, 'client'>): PayWsClient {
  return {
    id: client.id,
    send: (data) => client.send(data),
    onMessage: (listener) => client.addEventListener('message', (event) => listener(event.data)),
    onClose: (listener) => client.addEventListener('close', () => listener()),
  };
}

/** The websocket handler for a state (msw's ws API: browser worker, msw/node). */
export function payWsHandler(state: MockState) {
  const connect = payWsConnections(state);
  return ws.link(PAY_WS_PATTERN).addEventListener('connection', (connection) => connect(mswPayWsClient(connection)));
}
