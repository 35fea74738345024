/**
 * The payment websocket (global_config's pay_ws_url): once open, it is told which trade we follow
 * ({"trade_no"}) and sends that trade's results (payWsMessageSchema). Polling covers the time it
 * is not open, so this hook only reports how the connection stands.
 */
import { linkOrNull, payWsMessageSchema } from '#contract/index';
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

function parseMessage(data: unknown): PayWsMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = payWsMessageSchema.safeParse(JSON.parse(data));
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
    socket.onmessage = (event) => {
      const message = parseMessage(event.data);
      if (message && message.trade_no === tradeNo) handler.current(message);
    };
    socket.onerror = () => setSeen({ key: socketKey, state: 'down' });
    socket.onclose = () => setSeen({ key: socketKey, state: 'down' });
    return () => {
      socket.onopen = socket.onmessage = socket.onerror = socket.onclose = null;
      socket.close();
    };
  }, [tradeNo, url, supported]);

  if (!supported || config.isError || (config.data && url === null)) return 'down';
  if (key === null || seen?.key !== key) return 'connecting';
  return seen.state;
}
