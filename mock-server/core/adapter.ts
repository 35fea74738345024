/**
 * One adapter between HTTP and the mock's handlers. For every operation of the contract it
 * decodes and checks the request (bad input: 400 with a Chinese msg naming the field, state
 * untouched), checks the session, applies injected faults and latency, runs the handler, checks
 * the answer against the contract, and wraps it in the envelope.
 */
import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import { z } from '#contract/zod';
import { API_BASE_PATH, SUCCESS_CODE, errorCodes, errorsOf, type ErrorCodeName, type ErrorsOf, type OperationId, type Operations, type Operation } from '#contract/index';
import { proposedFieldsOf } from '#contract/proposals';
import { decodePathParams, decodeQuery } from '#contract/wire';
import { authenticate, renewToken, sessionOf } from './auth.ts';
import { TRICKLE_BYTES, dropsConnection, envelope, type MockAnswer, type MockRequest } from './answer.ts';
import type { Row } from './db.ts';
import { TRICKLE_DEFAULT_MS, type FaultSpec } from './faults.ts';
import { plantHostileLinks } from './hostile-links.ts';
import { TOO_DEEP, textTooDeep } from './json-depth.ts';
import type { JournalRecord } from './journal.ts';
import type { MatchInput } from './matcher.ts';
import { PREFER_HEADER, preferredFault } from './prefer.ts';
import { apiPathOf, routeTable, type Route } from './routes.ts';
import { MockRefusal, refuseCall as refuse, refuserFor, type Refuse } from './refusal.ts';
import type { MockState } from './state.ts';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface HandlerContext<Id extends OperationId> {
  input: {
    pathParams: Out<Operations[Id]['pathParams']>;
    query: Out<Operations[Id]['query']>;
    body: Out<Operations[Id]['body']>;
  };
  state: MockState;
  /** The signed-in parent; always set for operations with auth: true. */
  user: Row<'parents'> | null;
  clientId: string | null;
  request: MockRequest;
  /** Refuses with one of the codes the operation lists in the contract (and no other). */
  refuse: Refuse<ErrorsOf<Operations[Id]>>;
}

export type Handler<Id extends OperationId> = (ctx: HandlerContext<Id>) => Promise<z.output<Operations[Id]['response']>> | z.output<Operations[Id]['response']>;

export type HandlerMap = { [K in OperationId]: Handler<K> };

export interface AdapterOptions {
  /**
   * A handler that answers outside the contract: in tests it must fail loudly (strict), in the
   * browser it answers 500 and logs, as a broken backend would.
   */
  strict: boolean;
  log?: (message: string) => void;
}

/**
 * A MockAnswer as a fetch Response (msw's hosts): a reset is a network error, a trickling body
 * comes a few bytes at a time.
 */
export function toResponse(answer: MockAnswer): Response {
  if (dropsConnection(answer)) return HttpResponse.error();
  if (answer.network !== 'trickle') return new HttpResponse(answer.body, { status: answer.status, headers: answer.headers });
  const bytes = new TextEncoder().encode(answer.body);
  let at = 0;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (at > 0) await delay(answer.trickleMs ?? 0);
      controller.enqueue(bytes.slice(at, at + TRICKLE_BYTES));
      at += TRICKLE_BYTES;
      if (at >= bytes.length) controller.close();
    },
  });
  return new HttpResponse(stream, { status: answer.status, headers: answer.headers });
}

function refusalResponse(refusal: MockRefusal) {
  return envelope(refusal.code, refusal.message, refusal.data, refusal.status);
}

/** The first issue, as a parent would read it: the field and zod's (often Chinese) message. */
function describeIssues(part: string, issues: z.core.$ZodIssue[]): string {
  const issue = issues[0]!;
  const field = issue.path.join('.') || part;
  return `${field}：${issue.message}`;
}

/** The body as parsed, with its text (null for a multipart form); a refusal when it cannot be read. */
async function readBody(op: Operation, request: MockRequest): Promise<{ value: unknown; text: string | null } | MockRefusal> {
  if (!op.body) return { value: undefined, text: null };
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('multipart/form-data')) {
    try {
      const form = await request.formData();
      return { value: Object.fromEntries(form.entries()), text: null };
    } catch {
      return refuse('invalidRequest', '请求体不是合法的 multipart/form-data');
    }
  }
  const text = await request.text();
  if (text.trim() === '') return { value: undefined, text };
  // Refused before it is parsed, so the journal never keeps a body too deep to copy or show.
  if (textTooDeep(text)) return refuse('invalidRequest', `请求体${TOO_DEEP}`);
  try {
    return { value: JSON.parse(text) as unknown, text };
  } catch {
    return refuse('invalidRequest', '请求体不是合法的 JSON');
  }
}

/** A fault of the network that replaces the answer, or null when the answer is needed first. */
function networkAnswer(fault: FaultSpec): MockAnswer | null {
  switch (fault.network) {
    case 'reset':
      return { status: 0, body: '', headers: {}, network: 'reset' };
    case 'empty':
      return { status: fault.status ?? 200, body: '', headers: { 'content-type': 'application/json' } };
    case 'no_envelope':
      return { status: fault.status ?? 500, body: 'Internal Server Error', headers: { 'content-type': 'text/plain' } };
    default:
      return null;
  }
}

/** The answer as a fault of the network delivers it: cut short (malformed), a few bytes at a time, or lost on its way. */
function broken(answer: MockAnswer, fault: FaultSpec | null): MockAnswer {
  if (fault?.network === 'lost_answer') return { ...answer, network: 'lost_answer' };
  if (fault?.network === 'malformed') return { ...answer, body: answer.body.slice(0, Math.max(1, Math.floor(answer.body.length / 2))) };
  if (fault?.network === 'trickle') return { ...answer, network: 'trickle', trickleMs: fault.trickle_ms ?? TRICKLE_DEFAULT_MS };
  return answer;
}

async function faultResponse(state: MockState, fault: FaultSpec, request: MockRequest) {
  const known = fault.error_code === undefined ? undefined : Object.values(errorCodes).find((e) => e.code === fault.error_code);
  const status = fault.status ?? known?.http ?? 500;
  const code = fault.error_code ?? (status >= 500 ? errorCodes.serverError.code : errorCodes.invalidRequest.code);
  const msg = fault.msg ?? known?.message ?? errorCodes.serverError.message;
  let data = fault.data ?? null;
  if (fault.data === undefined && code === errorCodes.tokenExpired.code) {
    // An expiry on demand: the caller's session really gets a fresh token, which the answer carries.
    const session = sessionOf(state, request);
    if (session) data = { access_token: await state.exclusive(() => renewToken(state, session)) };
  }
  return envelope(code, msg, data, status);
}

/**
 * The mock's answer to one request: the operation found by method and path in a table built once,
 * or the unknown-call refusal; undefined when the request is not an API call at all (assets, the
 * app's own files). One function, so every host (msw in the browser and in Node, the HTTP server)
 * pays one lookup per request instead of trying each of the 98 operations' patterns in turn.
 */
export function createDispatcher(state: MockState, handlers: Partial<HandlerMap>, options: AdapterOptions) {
  const log = options.log ?? ((message: string) => console.error(message));
  const byMethod = routeTable(Object.keys(handlers) as OperationId[]);

  return async function dispatch(request: MockRequest): Promise<MockAnswer | undefined> {
    const url = new URL(request.url);
    const path = apiPathOf(url);
    if (path === null) return undefined;
    const record = state.journal.open(request, url, state.now());
    let response: MockAnswer | null = null;
    for (const route of byMethod.get(request.method.toUpperCase()) ?? []) {
      const match = route.pattern.exec(path);
      if (!match) continue;
      response = await answer(route, request, url, match, record);
      break;
    }
    response ??= refusalResponse(refuse('unknownCall'));
    // The mock's own clock, as a real server's Date header (the app's countdowns follow it).
    response.headers.date = new Date(state.now()).toUTCString();
    state.journal.close(record, response);
    return response;
  };

  async function answer(route: Route, request: MockRequest, url: URL, match: RegExpExecArray, record: JournalRecord): Promise<MockAnswer> {
    const { op } = route;
    record.operation = op.id;
    for (const [i, name] of route.names.entries()) record.pathParams[name] = safeDecode(match[i + 1]!);
    // Spec-only (decision 057): the project's own calls are not there, faults or not.
    if (op.extension && state.settings.specOnly) return refusalResponse(refuse('unknownCall'));
    // The body is read before the turn (a slow upload must not hold every other call up), and
    // before the faults, which may match on its fields.
    const body = await readBody(op, request);
    if (!(body instanceof MockRefusal)) {
      state.journal.setBody(record, body.value, body.text);
      // Spec-only: a field the project proposes is one the backend does not know, so it ignores it
      // (the journal keeps what the app sent).
      if (state.settings.specOnly) body.value = withoutProposedFields(op, body.value);
    }
    const input = (): MatchInput => ({ pathParams: record.pathParams, query: url.searchParams, body: body instanceof MockRefusal ? undefined : body.value, headers: request.headers });

    const prefer = request.headers.get(PREFER_HEADER);
    const preferred = prefer ? preferredFault(prefer, op.id, listed(op)) : null;
    if (typeof preferred === 'string') return refusalResponse(refuse('invalidRequest', preferred));
    const fault = preferred ?? state.faults.take(op.id, op.name, input);
    if (fault) record.via = { source: preferred ? 'prefer' : 'fault', rule: preferred ? prefer : { ...fault } };
    if (fault?.network) record.network = fault.network;
    if (fault?.hang) await delay('infinite');
    const [min, max] = state.settings.latencyMs;
    const wait = (fault?.delay_ms ?? 0) + (max > 0 ? min + Math.random() * (max - min) : 0);
    if (wait > 0) await delay(wait);
    const replaced = fault && networkAnswer(fault);
    if (replaced) return replaced;
    if (fault && (fault.status !== undefined || fault.error_code !== undefined)) return broken(await faultResponse(state, fault, request), fault);
    if (body instanceof MockRefusal) return broken(refusalResponse(body), fault);
    return broken(await state.exclusive(() => handle(route, request, url, match, body.value)), fault);
  }

  async function handle(route: Route, request: MockRequest, url: URL, match: RegExpExecArray, body: unknown): Promise<MockAnswer> {
    const { id, op } = route;
    const mutating = op.method !== 'GET';
    let before: ReturnType<MockState['snapshot']> | null = null;
    try {
      const params: Record<string, string> = {};
      for (const [i, name] of route.names.entries()) {
        try {
          params[name] = decodeURIComponent(match[i + 1]!);
        } catch {
          throw refuse('invalidRequest', `${name}：路径参数不是合法的 URL 编码`);
        }
      }
      const raw = {
        pathParams: decodePathParams(op.pathParams, params),
        query: decodeQuery(op.query, url.searchParams),
        body,
      };
      const input: Record<string, unknown> = {};
      for (const part of ['pathParams', 'query', 'body'] as const) {
        const schema = op[part] as z.ZodType | undefined;
        if (!schema) continue;
        const parsed = schema.safeParse(raw[part] ?? (part === 'body' ? undefined : {}));
        if (!parsed.success) throw refuse('invalidRequest', describeIssues(part, parsed.error.issues));
        input[part] = parsed.data;
      }

      await state.catchUp();
      const session = await authenticate(state, request, op.auth);
      before = mutating ? state.snapshot() : null;
      const handler = handlers[id] as unknown as (ctx: HandlerContext<OperationId>) => unknown;
      const refuseOp: Refuse<ErrorCodeName> = refuserFor();
      const data = await handler({ input: input as never, state, user: session.user, clientId: session.clientId, request, refuse: refuseOp });

      // Handlers answer what the contract parses (money in fen); the codec writes the wire (yuan).
      const checked = z.safeEncode(op.response, data as never);
      if (!checked.success) {
        const message = `mock handler ${id} answered outside the contract: ${describeIssues('data', checked.error.issues)}`;
        if (options.strict) throw new Error(message);
        log(message);
        throw refuse('serverError');
      }
      // Reads may change tables too (time rules, a message marked read, a captcha issued).
      state.onChange?.();
      // The encoded answer, so a private field a handler let through never reaches the wire.
      const links = state.settings.hostileLinks;
      return envelope(SUCCESS_CODE, successMessage(op), links ? plantHostileLinks(op.response, checked.data, links) : checked.data);
    } catch (error) {
      // The tables as they were before this call: rows these very tables held, so not checked again.
      if (before) await state.load(before, { trusted: true });
      if (error instanceof MockRefusal) {
        // The types keep a handler to its operation's codes; this catches a cast around them.
        if (!listed(op).has(error.codeName)) {
          const message = `mock handler ${id} refused with ${error.codeName}, which the contract does not list for it`;
          if (options.strict) throw new Error(message, { cause: error });
          log(message);
        }
        return refusalResponse(error);
      }
      if (options.strict) throw error;
      log(`mock handler ${id} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return refusalResponse(refuse('serverError'));
    }
  }
}

const proposedCache = new Map<string, string[]>();
function withoutProposedFields(op: Operation, body: unknown): unknown {
  let fields = proposedCache.get(op.id);
  if (!fields) proposedCache.set(op.id, (fields = proposedFieldsOf(op.body)));
  if (fields.length === 0 || !body || typeof body !== 'object' || Array.isArray(body)) return body;
  return Object.fromEntries(Object.entries(body).filter(([key]) => !fields.includes(key)));
}

/** A path parameter as text; a broken escape is kept as it came (the handler refuses it). */
function safeDecode(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

const listedCache = new Map<string, ReadonlySet<ErrorCodeName>>();
/** Every code an operation may answer, as the contract lists it. */
function listed(op: Operation): ReadonlySet<ErrorCodeName> {
  let set = listedCache.get(op.id);
  if (!set) listedCache.set(op.id, (set = new Set(errorsOf(op))));
  return set;
}

/** The dispatcher as msw handlers (browser worker, msw/node, Storybook): one for every API call. */
export function createHandlers(state: MockState, handlers: Partial<HandlerMap>, options: AdapterOptions): HttpHandler[] {
  const dispatch = createDispatcher(state, handlers, options);
  return [
    http.all(`*${API_BASE_PATH}*`, async ({ request }) => {
      const answer = await dispatch(request);
      return answer && toResponse(answer);
    }),
  ];
}

/** What msg a success carries; logout's is shown to the parent as a success toast. */
function successMessage(op: Operation): string {
  const messages: Partial<Record<string, string>> = {
    logout: '已安全退出',
    sign_up: '报名成功',
    cancel_order: '订单已取消',
    add_my_collection: '收藏成功',
    delete_my_collection: '已取消收藏',
    opinion_feedback: '感谢您的反馈，我们会尽快处理',
    apply_refund: '退费申请已提交',
    activity_apply_refund: '退费申请已提交',
    invoice_application: '开票申请已提交',
    place_order: '下单成功，请在支付时限内完成支付',
  };
  return messages[op.name] ?? (op.method === 'GET' ? '查询成功' : '操作成功');
}

export type { ErrorCodeName };
