/**
 * The standalone mock API as a listening server (`npm run mock:serve`, ./../serve.ts is its command
 * line): node:http with the mock's handler (./host.ts) and the payment websocket's upgrade. Plain
 * node:http: a request costs the handler's work and little else (express and msw's middleware
 * around it cost more than the mock itself, and queued cold connections; decision 012).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SnapshotStore } from '../control/snapshot-store.ts';
import type { MockState } from '../core/state.ts';
import { DEFAULT_WORLD, type WorldRegistry } from './worlds.ts';
import { createMockHandler, type MockHostOptions } from './host.ts';

export const DEFAULT_PORT = 8787;
export const DEFAULT_HOST = '127.0.0.1';

export interface ServeOptions extends Omit<MockHostOptions, 'worlds' | 'snapshots' | 'host' | 'log'> {
  port?: number;
  host?: string;
  /** One line per request; null = silent. Default: stdout. */
  log?: ((line: string) => void) | null;
}

export interface RunningMockServer {
  url: string;
  port: number;
  /** The default world's state (requests without X-Mock-World). */
  state: MockState;
  worlds: WorldRegistry;
  snapshots: SnapshotStore;
  server: Server;
  close(): Promise<void>;
}

export async function startMockServer(options: ServeOptions = {}): Promise<RunningMockServer> {
  const log = options.log === undefined ? (line: string) => console.log(line) : options.log;
  const host = options.host ?? DEFAULT_HOST;
  const mock = createMockHandler({ ...options, log, host: `${host}:${DEFAULT_PORT}` });
  const defaultWorld = await mock.worlds.get(DEFAULT_WORLD);

  const server = createServer((req, res) => mock(req, res));
  // Fifty QA clients opening connections at once must not wait in the kernel's queue.
  server.keepAliveTimeout = 30_000;
  server.on('upgrade', (req, socket, head: Buffer) => {
    if (!mock.upgrade(req, socket, head)) socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? DEFAULT_PORT, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    port,
    state: defaultWorld.state,
    worlds: mock.worlds,
    snapshots: mock.snapshots,
    server,
    close: () =>
      new Promise<void>((resolve, reject) => {
        mock.close();
        server.close((error) => (error ? reject(error) : resolve()));
        // Hanging answers (fault "hang") never end by themselves.
        server.closeAllConnections();
      }),
  };
}
