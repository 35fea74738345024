/**
 * `npm run mock:record`: a proxy in front of a real backend (a staging server, or the standalone
 * mock itself) that passes every request on, checks each answer of the portal's API strictly
 * against the contract (drift reported as `contract:probe` reports it), and saves what it saw:
 *
 *   - as stubs: a JSON array `POST /__mock/faults` takes as it is, one fixed answer per call,
 *     matched on its operation, path params, query and body fields, in the order they came;
 *   - as a snapshot that loads like any other: the upstream's own tables, clock and settings when
 *     it is a mock (it answers GET /__mock/state), else a scenario's tables with the stubs.
 *
 * Secrets never land in the files: no header is kept, and passwords, tokens, tickets, codes and ID
 * numbers are left out of the patterns and masked in the answers; a mock's sessions, tickets and
 * codes are left out of its tables, and its parents' passwords (the login page's pick still works).
 */
import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { MOCK_WORLD_HEADER, operations, type Operation, type OperationId } from '#contract/index';
import { checkAnswer, type Drift } from '#contract/strict-answer';
import type { Snapshot } from '#fixtures/records';
import { isScenarioName } from '#fixtures/scenario-list';
import { SNAPSHOT_FORMAT, SNAPSHOT_VERSION, type SnapshotFile } from '../control/snapshot-file.ts';
import { SnapshotStore, checkSnapshotName } from '../control/snapshot-store.ts';
import { FAULTS_PENDING, declaredFields, type FaultSpec } from '../core/faults.ts';
import { maskSecret } from '../core/journal.ts';
import { routeOf, routeTable } from '../core/routes.ts';
import { defaultSettings } from '../core/state.ts';
import { headersOf, readBody, sendJson } from './io.ts';
import { worldNameOf } from './worlds.ts';

/** Request fields that are credentials or personal numbers: never part of a saved pattern. */
const SECRET_FIELD = /password|token|secret|ticket|^st$|code$|captcha|id_number|id_card/i;
/** Answer fields masked in a saved answer (the type stays: the contract still reads it). */
const MASKED_ANSWER_FIELDS = new Set(['access_token', 'refresh_token', 'client_id', 'ticket', 'password']);
/** Tables of a mock that hold credentials: left out of a recorded snapshot. */
const SECRET_TABLES = ['sessions', 'tickets', 'codes', 'captchas'] as const;
/** Query parameters that only defeat caches: not part of a pattern. */
const VOLATILE_QUERY = new Set(['_t']);
/** Headers not passed on either way: the connection's own, and encodings the recorder would have to undo. */
const HOP_HEADERS = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'accept-encoding', 'content-encoding', 'upgrade']);
export const RECORDER_PREFIX = '/__record/';

export interface RecordedCall {
  operation: OperationId;
  method: string;
  pathParams: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  status: number;
  answer: unknown;
  drifts: Drift[];
  world: string;
}

export interface RecorderOptions {
  /** The backend's address (its origin, and any path before the portal's). */
  upstream: string;
  port?: number;
  host?: string;
  /** The recording's name: the snapshot's, and the stubs file's. */
  name?: string;
  /** Where the snapshot goes (default: the standalone server's snapshot folder). */
  snapshotDir?: string;
  /** Where the stubs file goes (default: recordings/ beside the snapshot folder). */
  stubsFile?: string;
  /** The tables of a snapshot recorded from a backend that is no mock (default: empty). */
  scenario?: string;
  /** Replace a snapshot or stubs file of this name (refused at start-up without it). */
  overwrite?: boolean;
  log?: ((line: string) => void) | null;
}

const masked = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(masked);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, MASKED_ANSWER_FIELDS.has(key) && typeof item === 'string' ? maskSecret(item) : masked(item)]));
};

/** A recorded call as a stub: its pattern (no secrets), its answer (masked), unchecked when it drifted. */
function stubOf(call: RecordedCall): FaultSpec {
  // Only fields the contract declares: a pattern on another is refused when the stubs are loaded.
  const declared = declaredFields(operations[call.operation] as Operation);
  const query = Object.fromEntries([...call.query].filter(([key]) => !VOLATILE_QUERY.has(key) && !SECRET_FIELD.test(key) && declared.query?.includes(key)));
  const scalar = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value);
  const body =
    call.body !== null && typeof call.body === 'object' && !Array.isArray(call.body)
      ? Object.fromEntries(Object.entries(call.body).filter(([key, value]) => !SECRET_FIELD.test(key) && declared.body?.includes(key) && scalar(value) && String(value).length <= 2000))
      : {};
  const match = {
    ...(Object.keys(call.pathParams).length > 0 ? { path_params: call.pathParams } : {}),
    ...(Object.keys(query).length > 0 ? { query } : {}),
    ...(Object.keys(body).length > 0 ? { body: body as Record<string, string | number | boolean | null> } : {}),
  };
  const envelope = (call.answer ?? {}) as { error_code?: unknown; msg?: unknown; data?: unknown };
  const drifted = call.drifts.length > 0;
  return {
    operation: call.operation,
    ...(Object.keys(match).length > 0 ? { match } : {}),
    status: call.status,
    ...(typeof envelope.error_code === 'number' ? { error_code: envelope.error_code } : {}),
    ...(typeof envelope.msg === 'string' ? { msg: envelope.msg } : {}),
    ...('data' in envelope ? { data: masked(envelope.data) } : {}),
    ...(drifted ? { unchecked: true, note: `drift: ${call.drifts.map((d) => `${d.path}: ${d.problem}`).join('; ')}` } : {}),
    times: 1,
  };
}

/** The calls as stubs, in order; the last answer of each pattern stays (times null), earlier ones answer once. */
export function stubsOf(calls: RecordedCall[]): FaultSpec[] {
  const stubs = calls.filter((call) => call.answer !== null && typeof call.answer === 'object').map(stubOf);
  const last = new Map<string, FaultSpec>();
  for (const stub of stubs) last.set(JSON.stringify([stub.operation, stub.match ?? null]), stub);
  for (const stub of last.values()) stub.times = null;
  // A world holds at most FAULTS_PENDING: the latest calls are the ones kept.
  return stubs.slice(-FAULTS_PENDING);
}

export interface Recorder {
  url: string;
  calls: RecordedCall[];
  /** Writes the snapshot and the stubs file; answers where they went. */
  save(): Promise<{ snapshot: string; stubs: string; calls: number; drifted: number }>;
  close(): Promise<void>;
}

/**
 * Refuses, before anything is recorded, a name the save would fail on or that would destroy or
 * hide a saved fixture: an invalid one, a scenario's (a reset loads the scenario, never the
 * snapshot), or an existing snapshot or stubs file without --overwrite.
 */
async function checkName(name: string, store: SnapshotStore, stubsFile: string, overwrite: boolean): Promise<void> {
  const refuse = (message: string): never => {
    throw new Error(`--name ${name}：${message}`);
  };
  try {
    checkSnapshotName(name);
  } catch (error) {
    refuse(error instanceof Error ? error.message : String(error));
  }
  if (isScenarioName(name)) refuse(`「${name}」是场景的名称，载入时场景优先，快照请换一个名称`);
  if (overwrite) return;
  if (await store.has(name)) refuse(`快照「${name}」已存在；换一个名称，或加 --overwrite 覆盖它`);
  if (existsSync(stubsFile)) refuse(`桩文件 ${stubsFile} 已存在；换一个名称，或加 --overwrite 覆盖它`);
}

export async function startRecorder(options: RecorderOptions): Promise<Recorder> {
  const log = options.log === undefined ? (line: string) => console.log(line) : options.log;
  const upstream = new URL(options.upstream.replace(/\/$/, ''));
  if (upstream.username || upstream.password) throw new Error('--upstream 不要带用户名和密码：凭据不应写进录制');
  const name = options.name ?? `recording-${new Date().toISOString().slice(0, 16).replace(/[-:T]/g, '')}`;
  const store = new SnapshotStore(options.snapshotDir);
  const stubsFile = options.stubsFile ?? path.join(path.dirname(store.dir), 'recordings', `${name}.json`);
  await checkName(name, store, stubsFile, options.overwrite === true);
  const table = routeTable();
  const calls: RecordedCall[] = [];

  async function pass(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://recorder.invalid');
    const target = new URL(`${upstream.pathname === '/' ? '' : upstream.pathname}${url.pathname}${url.search}`, upstream.origin);
    const body = req.method === 'GET' || req.method === 'HEAD' ? null : await readBody(req, 25 * 1024 * 1024);
    const headers = new Headers();
    for (const [key, value] of headersOf(req)) if (!HOP_HEADERS.has(key)) headers.set(key, value);
    const answer = await fetch(target, { method: req.method, headers, body: body && body.length > 0 ? new Uint8Array(body) : undefined, redirect: 'manual' });
    const bytes = Buffer.from(await answer.arrayBuffer());
    const out: Record<string, string | string[]> = {};
    answer.headers.forEach((value, key) => {
      if (!HOP_HEADERS.has(key) && key !== 'set-cookie') out[key] = value;
    });
    const cookies = answer.headers.getSetCookie();
    if (cookies.length > 0) out['set-cookie'] = cookies;
    res.writeHead(answer.status, { ...out, 'content-length': String(bytes.length) });
    res.end(bytes);

    const found = routeOf(table, req.method ?? 'GET', url);
    if (!found) return;
    let json: unknown = null;
    try {
      json = JSON.parse(bytes.toString('utf8'));
    } catch {
      // not an envelope: checkAnswer says so
    }
    let requestBody: unknown = null;
    try {
      requestBody = body && body.length > 0 ? JSON.parse(body.toString('utf8')) : null;
    } catch {
      // a multipart upload: recorded without its body
    }
    const checked = checkAnswer(found.route.op, answer.status, json);
    const pathParams = Object.fromEntries(Object.entries(found.params).map(([key, value]) => [key, decodeURIComponent(value)]));
    calls.push({
      operation: found.route.id,
      method: req.method ?? 'GET',
      pathParams,
      query: url.searchParams,
      body: requestBody,
      status: answer.status,
      answer: json,
      drifts: checked.drifts,
      world: worldNameOf(headersOf(req)),
    });
    const note = checked.drifts.length > 0 ? checked.drifts.map((d) => `${d.path}: ${d.problem}${d.assumed ? ' [assumed]' : ''}`).join('; ') : checked.ok ? '' : `(refused ${checked.code})`;
    log?.(`${checked.drifts.length > 0 ? 'drift' : 'ok   '} ${found.route.id.padEnd(38)} ${note}`);
  }

  /** The upstream's own state when it is a mock (in the world the recorded calls used), else null. */
  async function upstreamState(world: string): Promise<{ scenario: { name: string; seed: number }; now: string; clock_frozen: boolean; settings: SnapshotFile['settings']; tables: Snapshot } | null> {
    try {
      const answer = await fetch(new URL(`${upstream.pathname === '/' ? '' : upstream.pathname}/__mock/state`, upstream.origin), { headers: { [MOCK_WORLD_HEADER]: world } });
      return answer.ok ? ((await answer.json()) as never) : null;
    } catch {
      return null;
    }
  }

  async function save() {
    const world = calls.at(-1)?.world ?? 'default';
    const state = await upstreamState(world);
    const stubs = stubsOf(calls);
    let file: SnapshotFile;
    if (state) {
      const tables = { ...state.tables, parents: state.tables.parents.map((parent) => ({ ...parent, password: null })) };
      for (const secret of SECRET_TABLES) (tables as Record<string, unknown[]>)[secret] = [];
      file = {
        format: SNAPSHOT_FORMAT,
        version: SNAPSHOT_VERSION,
        name,
        taken_at: new Date().toISOString(),
        scenario: state.scenario,
        clock: { now: state.now, frozen: state.clock_frozen },
        settings: state.settings,
        tables,
      };
    } else {
      const { scenarios } = await import('#fixtures/scenarios');
      const scenario = options.scenario ?? 'empty';
      const built = scenarios[scenario]?.build(1);
      if (!built) throw new Error(`--scenario ${scenario}：没有这个场景`);
      const now = new Date(built.now).toISOString();
      file = {
        format: SNAPSHOT_FORMAT,
        version: SNAPSHOT_VERSION,
        name,
        taken_at: new Date().toISOString(),
        scenario: { name: scenario, seed: 1 },
        clock: { now, frozen: false },
        settings: defaultSettings,
        tables: built.snapshot,
        stubs,
      };
    }
    // Its own name, checked at start-up: a second save (POST /__record/save, then Ctrl+C) replaces the first.
    await store.save(file, { overwrite: true, force: true });
    await mkdir(path.dirname(stubsFile), { recursive: true });
    await writeFile(`${stubsFile}.tmp`, `${JSON.stringify(stubs, null, 1)}\n`);
    await rename(`${stubsFile}.tmp`, stubsFile);
    const result = { snapshot: path.join(store.dir, `${name}.json`), stubs: stubsFile, calls: calls.length, drifted: calls.filter((c) => c.drifts.length > 0).length };
    log?.(`mock:record: ${result.calls} calls (${result.drifted} drifted) saved as snapshot 「${name}」 ${result.snapshot} and stubs ${result.stubs}`);
    return result;
  }

  const server: Server = createServer((req, res) => {
    const control = req.url?.startsWith(RECORDER_PREFIX);
    const work = control
      ? req.method === 'POST' && req.url === `${RECORDER_PREFIX}save`
        ? save().then((saved) => sendJson(res, 200, saved))
        : Promise.resolve(sendJson(res, 200, { upstream: upstream.href, name, calls: calls.length, drifted: calls.filter((c) => c.drifts.length > 0).map((c) => c.operation) }))
      : pass(req, res);
    work.catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 502, { error: `录制代理出错：${error instanceof Error ? error.message : String(error)}` });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8789, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    calls,
    save,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
