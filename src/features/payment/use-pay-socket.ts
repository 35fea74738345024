/**
 * The payment websocket (global_config's pay_ws_url): once open, it is told which trade we follow
 * ({"trade_no"}) and sends that trade's results (payWsMessageSchema). Polling covers the time it
 * is not open, so this hook only reports how the connection stands. Its messages are read with
 * the contract's schema, loaded with the first call (the socket opens after one; the same chunk),
 * not with the page (decision 091).
 */
import type { payWsMessageSchema } from '#contract/index';
import { linkOrNull } from '#contract/links';
import { useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import { globalConfigQuery } from '../../lib/api/shared-queries.ts';

export type PayWsMessage = z.output<typeof payWsMessageSchema>;
export type SocketState = 'connecting' | 'open' | 'down';

/**
 * pay_ws_url is absolute (ws:// or wss://) or a path on this origin, over wss when the page is
 * https (the contract's socket kind, decision 046); null when it is neither (the page then polls
 * only), or where there is no page (the server's render: the socket is the browser's).
 */
export function payWsUrl(configured: string, page: Pick<Location, 'protocol' | 'host'> | undefined = globalThis.location): string | null {
  const socket = linkOrNull(configured, 'socket');
  if (socket === null || !page) return null;
  const scheme = page.protocol === 'https:' ? 'wss:' : 'ws:';
  return new URL(socket.startsWith('/') ? `${scheme}//${page.host}${socket}` : socket).toString();
}

function parseMessage(data: unknown, schema: typeof payWsMessageSchema): PayWsMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = schema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function usePaySocket(tradeNo: string | null, onMessage: (message: PayWsMessage) => void): SocketState {
  const config = useQuery(globalConfigQuery());
  const url = config.data ? payWsUrl(config.data.pay_ws_url) : null;
  const supported = typeof WebSocket !== 'undefined';
  const key = tradeNo && url ? `${url} ${tradeNo}` : null;
  const [seen, setSeen] = useState<{ key: string; state: SocketState } | null>(null);
  const handler = useRef(onMessage);
  useEffect(() => {
    handler.current = onMessage;
  });

  useEffect(() => {
    if (!tradeNo || !url || !supported) return;
    const socketKey = `${url} ${tradeNo}`;
    const socket = new WebSocket(url);
    socket.onopen = () => {
      setSeen({ key: socketKey, state: 'open' });
      socket.send(JSON.stringify({ trade_no: tradeNo }));
    };
    let open = true;
    socket.onmessage = (event) => {
      // In the order they came: each waits for the same load.
      void import('#contract/index').then(
        ({ payWsMessageSchema }) => {
          const message = open ? parseMessage(event.data, payWsMessageSchema) : null;
          if (message && message.trade_no === tradeNo) handler.current(message);
        },
        // The schemas did not load: polling still follows the trade.
        () => {},
      );
    };
    socket.onerror = () => setSeen({ key: socketKey, state: 'down' });
    socket.onclose = () => setSeen({ key: socketKey, state: 'down' });
    return () => {
      open = false;
      socket.onopen = socket.onmessage = socket.onerror = socket.onclose = null;
      socket.close();
    };
  }, [tradeNo, url, supported]);

  if (!supported || config.isError || (config.data && url === null)) return 'down';
  if (key === null || seen?.key !== key) return 'connecting';
  return seen.state;
}
