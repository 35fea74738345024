/**
 * npm run contract:probe -- --base URL [sign-in] [--allow-writes] [--report FILE] [--world NAME]
 *
 * Signs in, calls every read-only operation of the contract it can reach (following ids from
 * list answers into detail calls) and checks each answer strictly against the contract. Prints
 * one line per operation and `probe: N operations, M drifted`, writes a JSON report, and exits 1
 * on drift (2 on bad arguments or when signing in fails).
 *
 * Sign-in, one of:
 *   --ticket ST-…                      a service ticket from the account service (st_validate)
 *   --client-id ID --token TOKEN       copied from a signed-in browser (cookies client_id, access_token)
 *   --mock-login USERNAME              a ticket from the standalone mock's POST /__mock/login
 * Without one, only the operations that need no sign-in are called.
 */
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { API_BASE_PATH, AUTH_HEADER, CLIENT_ID_HEADER, MOCK_WORLD_HEADER, answersNoSuchCall, buildPath, operations, type OperationId } from '#contract/index';
import { encodeQuery } from '#contract/wire';
import { GETS_THAT_WRITE, checkAnswer, plan, type Drift, type From, type Harvest } from './contract-probe-lib.ts';

export interface ProbeOptions {
  base: string;
  ticket?: string;
  clientId?: string;
  token?: string;
  mockLogin?: string;
  allowWrites?: boolean;
  world?: string;
  report?: string;
  log?: (line: string) => void;
}

export interface ProbeResult {
  operation: OperationId;
  /** absent: a call of the project's own that this backend does not have (decision 057), no drift. */
  outcome: 'ok' | 'drift' | 'skipped' | 'absent';
  /** What was called (method and path), when it was. */
  call?: string;
  status?: number;
  error_code?: number | null;
  drifts: (Drift & { field_note: string })[];
  /** Assumed fields the answer left out (decision 073): for the team, never a drift. */
  notes: (Drift & { field_note: string })[];
  reason?: string;
}

export interface ProbeReport {
  base: string;
  signed_in: boolean;
  checked: number;
  drifted: number;
  /** Operations whose answers left out assumed fields (notes, not drifts). */
  noted: number;
  skipped: number;
  /** The project's own calls this backend does not have. */
  absent: number;
  results: ProbeResult[];
}

const USAGE = 'usage: npm run contract:probe -- --base URL [--ticket ST… | --client-id ID --token TOKEN | --mock-login USERNAME] [--allow-writes] [--report FILE] [--world NAME]';

export function parseProbeArgs(argv: string[]): ProbeOptions {
  const options: Partial<ProbeOptions> = {};
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value\n${USAGE}`);
      return v;
    };
    switch (flag) {
      case '--base':
        options.base = value().replace(/\/$/, '');
        break;
      case '--ticket':
        options.ticket = value();
        break;
      case '--client-id':
        options.clientId = value();
        break;
      case '--token':
        options.token = value();
        break;
      case '--mock-login':
        options.mockLogin = value();
        break;
      case '--allow-writes':
        options.allowWrites = true;
        break;
      case '--report':
        options.report = value();
        break;
      case '--world':
        options.world = value();
        break;
      default:
        throw new Error(`unknown argument ${flag}\n${USAGE}`);
    }
  }
  if (!options.base) throw new Error(`--base is required\n${USAGE}`);
  if ((options.clientId === undefined) !== (options.token === undefined)) throw new Error(`--client-id and --token go together\n${USAGE}`);
  return options as ProbeOptions;
}

class SignInError extends Error {}

export async function probe(options: ProbeOptions): Promise<ProbeReport> {
  const log = options.log ?? ((line: string) => console.log(line));
  const world: Record<string, string> = options.world ? { [MOCK_WORLD_HEADER]: options.world } : {};
  let credentials: Record<string, string> | null = options.clientId ? { [CLIENT_ID_HEADER]: options.clientId, [AUTH_HEADER]: options.token! } : null;

  async function send(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${options.base}${url}`, {
      method,
      headers: { ...world, ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, json, text };
  }

  let ticket = options.ticket;
  if (options.mockLogin) {
    const login = await send('POST', '/__mock/login', { username: options.mockLogin });
    ticket = (login.json as { ticket?: string } | undefined)?.ticket;
    if (!ticket) throw new SignInError(`--mock-login ${options.mockLogin}: the mock answered ${login.status} ${login.text.slice(0, 200)}`);
  }
  if (ticket) {
    const answer = await send('POST', `${API_BASE_PATH}${operations.st_validate.path}`, { st: ticket, is_small_app: true });
    const data = (answer.json as { data?: { client_id?: string; access_token?: string } } | undefined)?.data;
    if (!data?.client_id || !data.access_token) throw new SignInError(`st_validate refused the ticket: ${answer.status} ${answer.text.slice(0, 200)}`);
    credentials = { [CLIENT_ID_HEADER]: data.client_id, [AUTH_HEADER]: data.access_token };
  }

  const harvest: Harvest = new Map();
  const results: ProbeResult[] = [];
  const candidates = (from: From): unknown[] => ('value' in from ? [from.value] : (harvest.get(from.kind) ?? []));
  const pick = (from: From, item: unknown) => ('value' in from ? from.value : from.field ? (item as Record<string, unknown>)[from.field] : item);

  for (const step of plan) {
    const op = operations[step.id];
    const skip = (reason: string) => {
      results.push({ operation: step.id, outcome: 'skipped', drifts: [], notes: [], reason });
      log(`skip  ${step.id.padEnd(38)} ${reason}`);
    };
    if (GETS_THAT_WRITE.has(step.id) && !options.allowWrites) {
      skip('changes the backend (--allow-writes to call it)');
      continue;
    }
    if (op.auth && !credentials) {
      skip('needs a sign-in (--ticket, --client-id/--token or --mock-login)');
      continue;
    }
    // Inputs: one harvested source drives the candidates (up to three tried until one succeeds).
    const inputs = { ...step.pathParams, ...step.query };
    const driver = Object.values(inputs).find((from) => 'kind' in from) as { kind: string } | undefined;
    const tries = driver ? candidates(driver).slice(0, step.every ? 50 : 3) : [undefined];
    if (tries.length === 0) {
      skip(`nothing to follow (no ${driver!.kind} in earlier answers)`);
      continue;
    }
    let last: ProbeResult | null = null;
    for (const item of tries) {
      const valueOf = (from: From) => ('kind' in from && from.kind !== driver?.kind ? candidates(from)[0] : pick(from, item));
      const pathParams = Object.fromEntries(Object.entries(step.pathParams ?? {}).map(([k, from]) => [k, valueOf(from)]));
      const query = Object.fromEntries(Object.entries(step.query ?? {}).map(([k, from]) => [k, valueOf(from)]));
      const search = encodeQuery(query).toString();
      const url = `${API_BASE_PATH}${buildPath(op.path, pathParams)}${search ? `?${search}` : ''}`;
      const answer = await send('GET', url, undefined, op.auth ? credentials! : {});
      const checked = checkAnswer(op, answer.status, answer.json);
      const code = (answer.json as { error_code?: unknown } | undefined)?.error_code;
      // The project's own call on a backend of §7 alone: a proposal it does not have, not a drift.
      const absent = op.extension !== undefined && answersNoSuchCall(answer.status, typeof code === 'number' ? code : null);
      const failures = absent ? [] : checked.drifts.filter((d) => !d.note);
      const result: ProbeResult = {
        operation: step.id,
        outcome: absent ? 'absent' : failures.length > 0 ? 'drift' : 'ok',
        call: `GET ${url}`,
        status: answer.status,
        error_code: checked.code,
        drifts: failures.map((d) => ({ ...d, field_note: d.assumed ? 'marked assumed: the contract should follow the backend' : 'from the spec or relied on: one side has a bug' })),
        notes: absent ? [] : checked.drifts.filter((d) => d.note).map((d) => ({ ...d, field_note: 'assumed and left out: the contract should follow the backend' })),
        ...(absent ? { reason: `a proposal this backend does not have (${op.extension}); the pages use §7's calls instead` } : {}),
      };
      // A drift is what the line reports, whichever of the answers had it; else the first notes.
      if (last === null || (last.outcome !== 'drift' && (result.outcome === 'drift' || last.notes.length === 0))) last = result;
      if (checked.ok) {
        for (const [kind, from] of Object.entries(step.yields ?? {})) {
          try {
            harvest.set(kind, [...(harvest.get(kind) ?? []), ...(from as (data: unknown) => unknown[])((answer.json as { data: unknown }).data)]);
          } catch {
            // an answer of the wrong shape yields nothing; its drift is reported
          }
        }
        if (!step.every) break;
      }
    }
    results.push(last!);
    const note =
      last!.outcome === 'absent'
        ? last!.reason!
        : last!.outcome === 'ok'
          ? last!.error_code === 999999
            ? ''
            : `(refused ${last!.error_code}, a listed code)`
          : last!.drifts.map((d) => `${d.path}: ${d.problem}${d.assumed ? ' [assumed]' : ''}`).join('; ');
    const notes = last!.notes.length > 0 ? `${note ? ' ' : ''}(left out, assumed: ${last!.notes.map((d) => d.path).join(', ')})` : '';
    log(`${last!.outcome.padEnd(5)} ${step.id.padEnd(38)} ${note}${notes}`);
  }

  const checked = results.filter((r) => r.outcome !== 'skipped').length;
  const drifted = results.filter((r) => r.outcome === 'drift').length;
  const absent = results.filter((r) => r.outcome === 'absent').length;
  const noted = results.filter((r) => r.notes.length > 0).length;
  const report: ProbeReport = { base: options.base, signed_in: credentials !== null, checked, drifted, noted, skipped: results.length - checked, absent, results };
  if (options.report) writeFileSync(options.report, `${JSON.stringify(report, null, 2)}\n`);
  const extras = [absent > 0 ? `${absent} proposals this backend does not have` : '', noted > 0 ? `${noted} left out assumed fields (notes)` : ''].filter(Boolean);
  log(`probe: ${checked} operations, ${drifted} drifted${extras.map((extra) => `; ${extra}`).join('')}`);
  return report;
}

async function main() {
  let options: ProbeOptions;
  try {
    options = parseProbeArgs(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  }
  try {
    const report = await probe({ report: 'probe-report.json', ...options });
    process.exit(report.drifted > 0 ? 1 : 0);
  } catch (error) {
    console.error(`contract:probe: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  }
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) void main();
