/**
 * The typed fetch layer: one function that sends any operation of the contract and returns a
 * typed outcome. It has no UI side effects; the only state it touches is the access token that a
 * 99993 answer replaces (spec §8).
 */
import type { z } from 'zod';
import { API_BASE_PATH, AUTH_HEADER, CLIENT_ID_HEADER, SUCCESS_CODE, buildPath } from '#contract/http';
import type { ParsedInputOf, Operation, OperationId, Operations, ResponseOf } from '#contract/index';
import { encodeQuery } from '#contract/wire';
import type { ApiFailure, ApiOutcome } from './outcome.ts';

/** Spec §9. */
export const REQUEST_TIMEOUT_MS = 20_000;
/** The second client's cache buster (spec §9). */
export const CACHE_BUST_PARAM = '_t';

export interface Credentials {
  clientId: string | null;
  accessToken: string | null;
}

export interface ApiClientOptions {
  /** Origin of the backend; '' is this origin. A function is read at each call (the server's is per request). */
  baseUrl: string | (() => string);
  credentials: () => Credentials;
  /** Called with the fresh token of a 99993 answer before the single retry. */
  onAccessToken: (token: string) => void;
  /** A response that breaks the contract is reported here (a backend defect). */
  onContractViolation?: (operation: OperationId, failure: Extract<ApiFailure, { kind: 'contract' }>) => void;
  /** Links an answer held that are not of their kind (contract/links.ts), left out: the paths. */
  onLinksLeftOut?: (operation: OperationId, paths: string[]) => void;
  /** Each answer's Date header, for countdowns that must follow the server's clock. */
  onServerDate?: (header: string | null) => void;
  /** A number, or a function read at each call (tests of a hang shorten it for one test). */
  timeoutMs?: number | (() => number);
  /** How a call is sent: the global fetch unless given (a test's, the server's: api-client.ts). */
  fetch?: Transport;
  /** Waits before an answer is read (the server reads each on a turn of its own: src/server/turns.ts). */
  beforeReading?: () => Promise<void>;
  now?: () => number;
  /** Each call once it has settled (the server logs and counts its own: src/server/backend-calls.ts). */
  onSettled?: (report: CallReport) => void;
}

/** One call as operators see it: what was called and how it ended, never its input or its answer. */
export interface CallReport {
  operation: OperationId;
  outcome: 'ok' | ApiFailure['kind'];
  /** The last answer's HTTP status; null when none came. */
  status: number | null;
  /** The envelope's error_code (SUCCESS_CODE for a success); null without an envelope. */
  errorCode: number | null;
  ms: number;
}

/** A call as sent: fetch's init, its headers a plain record (cheaper to build and to extend than Headers). */
export type CallInit = Omit<RequestInit, 'headers' | 'signal'> & { method: string; headers: Record<string, string>; signal: AbortSignal };

/** What the client reads of an answer: a fetch Response has it, and so does the server's own transport. */
export interface Answer {
  status: number;
  ok: boolean;
  statusText: string;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
}

/** Sends a call: fetch, or anything that answers as fetch does. */
export type Transport = (url: string, init: CallInit) => Promise<Answer>;

export interface CallOptions {
  signal?: AbortSignal;
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The contract's schemas: what checks a request, reads an answer, and a form's rules. */
type Contract = typeof import('#contract/index');
let contract: Promise<Contract> | null = null;
let loadedContract: Contract | null = null;

/**
 * Runs the contract's schemas (zod and every operation) at the first call or a form's first touch,
 * not with the entry or a page's start-up (decisions 026, 091): a server-rendered page hydrates
 * with the data it came with, and loads them after. A failed load is asked for again by the next
 * call.
 */
export function loadContract(): Promise<Contract> {
  contract ??= import('#contract/index').then(
    (module) => (loadedContract = module),
    (error: unknown) => {
      contract = null;
      throw error;
    },
  );
  return contract;
}

/** Tests: the next call waits for the contract's chunk again, as a page load's first calls do. */
export function resetContractLoad(): void {
  contract = null;
  loadedContract = null;
}

type Parts = { pathParams?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };

export function createApiClient(options: ApiClientOptions) {
  const timeoutOf = () => (typeof options.timeoutMs === 'function' ? options.timeoutMs() : (options.timeoutMs ?? REQUEST_TIMEOUT_MS));
  const now = options.now ?? Date.now;
  const doFetch: Transport = (input, init) => (options.fetch ?? globalThis.fetch)(input, init);

  function urlOf(op: Operation, parts: Parts): string {
    const params = encodeQuery(parts.query);
    if (op.client === 'fresh' && op.method === 'GET') params.set(CACHE_BUST_PARAM, String(now()));
    const search = params.toString();
    return `${typeof options.baseUrl === 'function' ? options.baseUrl() : options.baseUrl}${API_BASE_PATH}${buildPath(op.path, parts.pathParams)}${search ? `?${search}` : ''}`;
  }

  /**
   * Checks what the app sends against the contract, so a bug shows before the backend sees it,
   * and encodes it for the wire (money: fen → yuan).
   */
  function checkRequest(op: Operation, input: Parts): { ok: true; parts: Parts } | { ok: false; failure: ApiFailure } {
    const parts: Parts = {};
    for (const part of ['pathParams', 'query', 'body'] as const) {
      const schema = op[part] as z.ZodType | undefined;
      if (!schema) continue;
      const result = schema.safeEncode(input[part] ?? (part === 'body' ? undefined : {}));
      if (!result.success) return { ok: false, failure: { kind: 'request', part, issues: result.error.issues } };
      parts[part] = result.data as never;
    }
    return { ok: true, parts };
  }

  function requestInit(op: Operation, parts: Parts, signal: AbortSignal): CallInit {
    const { clientId, accessToken } = options.credentials();
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (clientId) headers[CLIENT_ID_HEADER] = clientId;
    if (accessToken) headers[AUTH_HEADER] = accessToken;
    let body: BodyInit | undefined;
    if (parts.body !== undefined) {
      if (parts.body && typeof parts.body === 'object' && Object.values(parts.body).some((v) => v instanceof Blob)) {
        const form = new FormData();
        for (const [key, value] of Object.entries(parts.body)) form.append(key, value instanceof Blob ? value : String(value));
        body = form;
      } else {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(parts.body);
      }
    }
    return { method: op.method, headers, body, signal };
  }

  async function send(op: Operation, parts: Parts, callSignal: AbortSignal | undefined): Promise<{ response: Answer; text: string } | { failure: ApiFailure }> {
    const controller = new AbortController();
    const timeoutMs = timeoutOf();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const forward = () => controller.abort();
    // The caller may have given up while the schemas loaded: its abort event is past.
    if (callSignal?.aborted) {
      clearTimeout(timer);
      return { failure: { kind: 'aborted' } };
    }
    callSignal?.addEventListener('abort', forward, { once: true });
    try {
      const response = await doFetch(urlOf(op, parts), requestInit(op, parts, controller.signal));
      const text = await response.text();
      await options.beforeReading?.();
      return { response, text };
    } catch (error) {
      const failure: ApiFailure = timedOut
        ? { kind: 'timeout', timeoutMs }
        : controller.signal.aborted
          ? { kind: 'aborted' }
          : { kind: 'network', message: error instanceof Error ? error.message : String(error) };
      return { failure };
    } finally {
      clearTimeout(timer);
      callSignal?.removeEventListener('abort', forward);
    }
  }

  function readBody(status: number, text: string): { ok: true; value: unknown } | { ok: false; failure: ApiFailure } {
    try {
      return { ok: true, value: text === '' ? undefined : JSON.parse(text) };
    } catch {
      return {
        ok: false,
        failure: { kind: 'contract', status, where: 'json', body: text.slice(0, 200), issues: [{ code: 'custom', path: [], message: 'body is not JSON', input: undefined }] },
      };
    }
  }

  async function call<Id extends OperationId>(id: Id, input: ParsedInputOf<Operations[Id]>, callOptions: CallOptions = {}): Promise<ApiOutcome<ResponseOf<Operations[Id]>>> {
    if (!options.onSettled) return attempt(id, input, callOptions, { status: null });
    const started = performance.now();
    const last = { status: null as number | null };
    const outcome = await attempt(id, input, callOptions, last);
    const failure = outcome.ok ? null : outcome.failure;
    options.onSettled({
      operation: id,
      outcome: failure ? failure.kind : 'ok',
      status: last.status,
      errorCode: failure ? (failure.kind === 'business' || failure.kind === 'http' ? failure.code : null) : SUCCESS_CODE,
      ms: performance.now() - started,
    });
    return outcome;
  }

  async function attempt<Id extends OperationId>(
    id: Id,
    input: ParsedInputOf<Operations[Id]>,
    callOptions: CallOptions,
    last: { status: number | null },
  ): Promise<ApiOutcome<ResponseOf<Operations[Id]>>> {
    let loaded = loadedContract;
    if (!loaded) {
      try {
        loaded = await loadContract();
      } catch (error) {
        // The schemas' chunk did not load: to the parent, the same as a call that got no answer.
        return { ok: false, failure: { kind: 'network', message: error instanceof Error ? error.message : String(error) } };
      }
    }
    const { operations, errorEnvelopeSchema, errorCodes, leaveOutLinks } = loaded;
    const op: Operation = operations[id];
    const checked = checkRequest(op, input as Parts);
    if (!checked.ok) return { ok: false, failure: checked.failure };
    const report = (failure: ApiFailure) => {
      if (failure.kind === 'contract') options.onContractViolation?.(id, failure);
      return { ok: false as const, failure };
    };

    for (let attempt = 0; ; attempt += 1) {
      const sent = await send(op, checked.parts, callOptions.signal);
      if ('failure' in sent) return { ok: false, failure: sent.failure };
      const { response, text } = sent;
      last.status = response.status;
      options.onServerDate?.(response.headers.get('date'));
      const body = readBody(response.status, text);

      if (!response.ok) {
        const envelope = body.ok ? errorEnvelopeSchema.safeParse(body.value) : null;
        if (!envelope?.success) {
          return { ok: false, failure: { kind: 'http', status: response.status, code: null, msg: response.statusText, data: body.ok ? body.value : text, retried: attempt > 0 } };
        }
        const { error_code: code, msg, data } = envelope.data;
        const freshToken = (data as { access_token?: unknown } | null | undefined)?.access_token;
        if (code === errorCodes.tokenExpired.code && attempt === 0 && typeof freshToken === 'string' && freshToken) {
          options.onAccessToken(freshToken);
          continue;
        }
        return { ok: false, failure: { kind: 'http', status: response.status, code, msg, data, retried: attempt > 0 } };
      }

      if (!body.ok) return report(body.failure);
      const envelope = errorEnvelopeSchema.safeParse(body.value);
      if (!envelope.success) {
        return report({ kind: 'contract', status: response.status, where: 'envelope', issues: envelope.error.issues, body: body.value });
      }
      if (envelope.data.error_code !== SUCCESS_CODE) {
        return { ok: false, failure: { kind: 'business', status: response.status, code: envelope.data.error_code, msg: envelope.data.msg, data: envelope.data.data } };
      }
      let data = op.response.safeParse(envelope.data.data);
      if (!data.success) {
        // A link that is no link (javascript:, data:, another host…) is left out and the page
        // works with the rest (decision 046); any other broken field fails the answer. Walked
        // only here, so a sound answer costs nothing more.
        const read = leaveOutLinks(op.response, envelope.data.data);
        const again = read.leftOut.length > 0 ? op.response.safeParse(read.value) : data;
        if (!again.success) return report({ kind: 'contract', status: response.status, where: 'data', issues: data.error.issues, body: body.value });
        options.onLinksLeftOut?.(id, read.leftOut);
        data = again;
      }
      return { ok: true, data: data.data as ResponseOf<Operations[Id]>, msg: envelope.data.msg };
    }
  }

  return { call };
}
