/**
 * The request journal of one world (WireMock's request journal): every call of the portal's API
 * the mock answered, with what was asked and what was answered, for a test to read ("which calls
 * did the page make, with what body, and what came back") and to verify. Tokens and passwords,
 * in headers, bodies and answers, are shown masked.
 *
 * Cheap to keep: recording a call stores references the adapter already holds (the request's
 * headers, its parsed body, the answer's text) in a list of the world's journal_size (JOURNAL_SIZE
 * unless set) entries, the oldest dropped as a new one comes; masking,
 * parsing and filtering happen only when someone reads it. A body past JOURNAL_BODY_CHARS is
 * kept cut, and an uploaded file as its name, type and size.
 */
import { AUTH_HEADER } from '#contract/index';
import { toIso } from '#fixtures/time';
import type { MockAnswer } from './answer.ts';
import type { MatchInput } from './matcher.ts';

/** Calls kept per world unless its journal_size says otherwise; older ones are dropped (and counted). */
export const JOURNAL_SIZE = 200;
/** The most a world may keep (journal_size, --journal-size): a page polling once a second for hours. */
export const JOURNAL_MAX_SIZE = 10_000;
/** Characters of a request or answer body kept per call. */
export const JOURNAL_BODY_CHARS = 64 * 1024;

/** One call as recorded; filled in as the answer comes. */
export interface JournalRecord {
  id: number;
  /** Mock time when the call came. */
  at: number;
  method: string;
  url: URL;
  headers: Headers;
  operation: string | null;
  /** A control action of QA's (the clock moved, a trade settled), not a call of the app. */
  control: boolean;
  pathParams: Record<string, string>;
  /** The parsed body; a string when it was not JSON or too long (then cut). */
  body: unknown;
  bodyCut: boolean;
  /** What chose the answer: a fault or fixed answer, or the Prefer header; null = the handler. */
  via: { source: 'fault' | 'prefer'; rule: unknown } | null;
  status: number | null;
  answer: string | null;
  answerCut: boolean;
  network: string | null;
  durationMs: number | null;
  started: number;
}

/** The mock's own headers and the transport's are left out of the journal; these are masked. */
const HIDDEN_HEADERS = new Set(['host', 'connection', 'keep-alive', 'content-length', 'accept-encoding', 'user-agent', 'transfer-encoding']);
const SECRET_HEADERS = new Set([AUTH_HEADER.toLowerCase(), 'cookie', 'proxy-authorization']);

/** Fields of a body or an answer that are credentials: masked wherever they appear. */
const SECRET_FIELDS = new Set(['access_token', 'refresh_token', 'password', 'old_password', 'new_password', 'confirm_password']);

/** A token shown by its first characters only: enough to tell two apart, not to use one. */
export const maskSecret = (value: string) => (value.length <= 6 ? '***' : `${value.slice(0, 6)}***`);

/** A parsed body or answer with its credentials masked (a copy only where one is found). */
function masked(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(masked);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = SECRET_FIELDS.has(key) && typeof item === 'string' ? maskSecret(item) : masked(item);
  return out;
}

/** A copy that holds nothing of a longer string (a slice of a string may keep the whole alive). */
const detached = (text: string, length: number) => JSON.parse(JSON.stringify(text.slice(0, length))) as string;

/** A multipart body's files as their name, type and size; JSON bodies as they are. */
function keptBody(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  let files = false;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (typeof Blob !== 'undefined' && value instanceof Blob) {
      files = true;
      kept[key] = { file: (value as File).name ?? null, type: value.type, size: value.size };
    } else kept[key] = value;
  }
  return files ? kept : body;
}

export class Journal {
  /** The newest records, oldest first; up to half as many again as kept, trimmed in batches. */
  private list: JournalRecord[] = [];
  private evicted = 0;
  private nextId = 1;

  /** `size`: how many records to keep, asked as each comes (a world's journal_size setting). */
  constructor(private readonly size: () => number = () => JOURNAL_SIZE) {}

  /** Calls dropped since the journal was last cleared (older than the size kept). */
  get dropped(): number {
    return this.evicted + Math.max(0, this.list.length - this.size());
  }

  private keep(record: JournalRecord): void {
    this.list.push(record);
    // Trimmed in batches: dropping one record per call from 10,000 cost 28 µs a call, a batch ~1 µs.
    const size = this.size();
    if (this.list.length > size + Math.max(16, size >> 1)) {
      const over = this.list.length - size;
      this.list.splice(0, over);
      this.evicted += over;
    }
  }

  /** Opens a record for a call as it comes in. */
  open(request: { method: string; headers: Headers }, url: URL, at: number): JournalRecord {
    const record: JournalRecord = {
      id: this.nextId++,
      at,
      method: request.method.toUpperCase(),
      url,
      headers: request.headers,
      operation: null,
      control: false,
      pathParams: {},
      body: undefined,
      bodyCut: false,
      via: null,
      status: null,
      answer: null,
      answerCut: false,
      network: null,
      durationMs: null,
      started: performance.now(),
    };
    this.keep(record);
    return record;
  }

  /**
   * A control action that changed the world (`POST clock`, `POST payments/T…`), in its place among
   * the calls, so a test reads when the clock moved or a trade settled. `body` is the input as read.
   */
  control(at: number, method: string, path: string, body: unknown, answer: unknown): void {
    const record = this.open({ method, headers: new Headers() }, new URL(`/__mock/${path}`, 'http://mock.invalid'), at);
    record.control = true;
    const text = body === undefined || body === null ? null : JSON.stringify(body);
    this.setBody(record, body ?? undefined, text);
    this.close(record, { status: 200, body: JSON.stringify(answer), headers: {} });
    record.durationMs = 0;
  }

  /** The body as read: `text` is its length on the wire (a long one is kept cut). */
  setBody(record: JournalRecord, body: unknown, text: string | null): void {
    if (text !== null && text.length > JOURNAL_BODY_CHARS) {
      record.body = detached(text, JOURNAL_BODY_CHARS);
      record.bodyCut = true;
    } else record.body = keptBody(body);
  }

  close(record: JournalRecord, answer: MockAnswer): void {
    // A lost answer keeps the status the backend would have sent: what it committed is the point.
    record.status = answer.network === 'reset' ? 0 : answer.status;
    // The adapter names every fault of the network as it picks it; a host carries out only some.
    record.network ??= answer.network ?? null;
    record.answerCut = answer.body.length > JOURNAL_BODY_CHARS;
    record.answer = record.answerCut ? detached(answer.body, JOURNAL_BODY_CHARS) : answer.body;
    record.durationMs = Math.round((performance.now() - record.started) * 10) / 10;
  }

  /** Every record kept, oldest first. */
  records(): JournalRecord[] {
    return this.list.slice(-this.size());
  }

  clear(): void {
    this.list = [];
    this.evicted = 0;
  }

  /** The journal as JSON, to keep across a page reload (the browser mock: sessionStorage). */
  toSaved(limit = this.size()): SavedJournal {
    const records = this.records()
      .slice(-limit)
      .map((record) => {
        const { url, headers, ...rest } = record;
        return { ...rest, url: url.href, headers: [...headers], started: 0 };
      });
    return { next: this.nextId, dropped: this.dropped, records };
  }

  restore(saved: SavedJournal): void {
    this.clear();
    for (const { url, headers, ...rest } of saved.records.slice(-this.size())) this.list.push({ ...rest, control: rest.control === true, url: new URL(url), headers: new Headers(headers) });
    this.nextId = saved.next;
    this.evicted = saved.dropped;
  }
}

export interface SavedJournal {
  next: number;
  dropped: number;
  records: (Omit<JournalRecord, 'url' | 'headers'> & { url: string; headers: [string, string][] })[];
}

/** A record as a pattern sees it (journal queries and verification). */
export function matchInputOf(record: JournalRecord): MatchInput {
  return { pathParams: record.pathParams, query: record.url.searchParams, body: record.body, headers: record.headers };
}

function parsed(text: string | null, cut: boolean): unknown {
  if (text === null || cut) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A record as JSON: headers the app sent (tokens masked), the body, the answer, the time it took. */
export function describeRecord(record: JournalRecord) {
  const headers: Record<string, string> = {};
  record.headers.forEach((value, key) => {
    if (HIDDEN_HEADERS.has(key) || key.startsWith('sec-')) return;
    headers[key] = SECRET_HEADERS.has(key) ? maskSecret(value) : value;
  });
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(record.url.searchParams.keys())) {
    const values = record.url.searchParams.getAll(key);
    query[key] = values.length === 1 ? values[0]! : values;
  }
  return {
    id: record.id,
    at: toIso(record.at),
    operation: record.operation,
    ...(record.control ? { control: true } : {}),
    method: record.method,
    path: record.url.pathname,
    path_params: record.pathParams,
    query,
    headers,
    body: record.body === undefined ? null : masked(record.body),
    ...(record.bodyCut ? { body_cut: true } : {}),
    status: record.status,
    response: masked(parsed(record.answer, record.answerCut)),
    ...(record.answerCut ? { response_cut: true } : {}),
    ...(record.network ? { network: record.network } : {}),
    ...(record.via ? { via: record.via } : {}),
    duration_ms: record.durationMs,
    pending: record.status === null,
  };
}
export type JournalEntry = ReturnType<typeof describeRecord>;
