/**
 * `window.__mock` where the mock runs in the server (`npm start`, scripts/dev-server.ts): the
 * browser mock's calls, each sent to the standalone server's /__mock/ route of the same name, in
 * the world the browser's mock_world cookie names. Snapshots live in the server's folder: a
 * snapshot is saved there by name and loaded by name (a reset to it), not handed to the page.
 */
import type { MockControl, RequestsQuery } from './browser-control.ts';

type SnapshotSummary = { name: string; [key: string]: unknown };

export type ServerMockControl = Omit<MockControl, 'snapshot' | 'loadSnapshot'> & {
  /** Saves the world as a snapshot in the server's folder (replacing its own of that name; another world's is refused, 403). */
  snapshot(name: string): Promise<SnapshotSummary>;
  /** Loads a snapshot of the server's folder by name; signs the browser out. */
  loadSnapshot(name: string): Promise<{ scenario: string; seed: number; snapshot: string; now: string }>;
};

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

export function httpMockControl(base = '/__mock', fetchImpl: Fetch = (input, init) => fetch(input, { credentials: 'same-origin', ...init })): ServerMockControl {
  /** One control call: its JSON, or an Error carrying the server's Chinese message. */
  async function call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
    const response = await fetchImpl(`${base}/${path}`, {
      method,
      ...(body === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
    });
    const json = (await response.json().catch(() => ({ error: `模拟后端的控制接口应答了 HTTP ${response.status}` }))) as { error?: string };
    if (!response.ok) throw new Error(json.error ?? `模拟后端的控制接口应答了 HTTP ${response.status}`);
    return json as T;
  }
  const query = (input: RequestsQuery = {}) => {
    const params = new URLSearchParams(Object.entries(input).map(([key, value]) => [key, String(value)]));
    return params.size ? `requests?${params}` : 'requests';
  };
  return {
    scenarios: () => call('GET', 'scenarios'),
    reset: (scenario, seed) => call('POST', 'reset', typeof scenario === 'object' ? scenario : { scenario, seed }),
    state: () => call('GET', 'state'),
    faults: (faults) => call('POST', 'faults', faults),
    clearFaults: () => call('DELETE', 'faults'),
    clock: (input) => (input === undefined ? call('GET', 'clock') : call('POST', 'clock', input)),
    settle: (tradeNo, outcome = 'success') => call('POST', `payments/${encodeURIComponent(tradeNo)}`, { outcome }),
    login: (username) => call('POST', 'login', { username }),
    settings: (input) => (input === undefined ? call('GET', 'settings') : call('POST', 'settings', input)),
    parents: () => call('GET', 'parents'),
    snapshot: (name) => call('POST', 'snapshots', { name, overwrite: true }),
    loadSnapshot: (name) => call('POST', 'reset', { scenario: name }),
    requests: (input) => call('GET', query(input)),
    verifyRequests: (pattern) => call('POST', 'requests/verify', pattern),
    clearRequests: () => call('DELETE', 'requests'),
  };
}
