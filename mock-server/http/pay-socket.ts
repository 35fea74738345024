/** The payment websocket over a real socket (ws): each client joins the world it names. */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { PAY_WS_PATH } from '../core/config.ts';
import { ControlError } from '../control/input.ts';
import type { PayWsClient } from '../handlers/pay-ws.ts';
import { worldNameOf, type WorldRegistry } from './worlds.ts';
import { headersOf } from './io.ts';

function payWsClientOf(socket: WebSocket, id: string): PayWsClient {
  return {
    id,
    send: (data) => {
      if (socket.readyState === socket.OPEN) socket.send(data);
    },
    onMessage: (listener) => socket.on('message', (data, isBinary) => listener(isBinary ? data : data.toString())),
    onClose: (listener) => socket.on('close', listener),
  };
}

export interface PaySocket {
  /** Takes the upgrade of a request for PAY_WS_PATH; false (socket untouched) for any other path. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Ends every open payment socket. */
  close(): void;
}

export function paySocket(worlds: WorldRegistry): PaySocket {
  const sockets = new WebSocketServer({ noServer: true });
  let nextClient = 1;
  return {
    upgrade(req, socket, head) {
      const url = new URL(req.url ?? '/', 'http://mock.invalid');
      if (url.pathname !== PAY_WS_PATH) return false;
      worlds.get(worldNameOf(headersOf(req))).then(
        (world) => sockets.handleUpgrade(req, socket, head, (ws) => world.payWs(payWsClientOf(ws, `ws-${nextClient++}`))),
        (error: unknown) => {
          const status = error instanceof ControlError ? error.status : 500;
          socket.end(`HTTP/1.1 ${status} Refused\r\nConnection: close\r\n\r\n`);
        },
      );
      return true;
    },
    close() {
      for (const client of sockets.clients) client.terminate();
    },
  };
}
