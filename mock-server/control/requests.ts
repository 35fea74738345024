/**
 * The request journal's control (GET/DELETE /__mock/requests, POST /__mock/requests/verify,
 * window.__mock.requests): the calls of one world, filtered, and whether a call matching a
 * pattern happened N times.
 */
import { z } from 'zod';
import { operationList } from '#contract/index';
import { toIso } from '#fixtures/time';
import { JOURNAL_MAX_SIZE, describeRecord, matchInputOf, type JournalRecord } from '../core/journal.ts';
import { differences, fieldMatchSchema, headersSchema, requestMatches, type Difference } from '../core/matcher.ts';
import type { MockState } from '../core/state.ts';
import { parseControl } from './input.ts';

/** Calls listed when no limit is given. */
export const REQUESTS_DEFAULT_LIMIT = 100;

const operationName = z.string().refine((value) => operationList.some((op) => op.id === value || op.name === value), { message: '未知的接口（operation 应为接口名或接口 id）' });
const statusFilter = z.union([z.number().int().min(0).max(599), z.enum(['2xx', '3xx', '4xx', '5xx'])]);
const isoTime = z.iso.datetime({ offset: true, message: '应为带时区的 ISO 时间，如 2026-09-01T10:00:00+08:00' });
const fields = z.record(z.string().min(1).max(200), fieldMatchSchema);

/** What to list: every filter optional; the newest `limit` calls that pass, oldest first. */
export const requestsQuerySchema = z.strictObject({
  operation: operationName.optional(),
  method: z.enum(['GET', 'POST', 'PUT', 'DELETE', 'PATCH']).optional(),
  status: statusFilter.optional(),
  /** Mock time, inclusive: calls at or after it. */
  since: isoTime.optional(),
  until: isoTime.optional(),
  /** Only calls after this one (live polling). */
  after_id: z.number().int().min(0).optional(),
  limit: z.number().int().min(1).max(JOURNAL_MAX_SIZE).default(REQUESTS_DEFAULT_LIMIT),
});

export const verifySchema = z
  .strictObject({
    operation: operationName,
    method: z.enum(['GET', 'POST', 'PUT', 'DELETE', 'PATCH']).optional(),
    status: statusFilter.optional(),
    path_params: fields.optional(),
    query: fields.optional(),
    body: fields.optional(),
    headers: headersSchema.optional(),
    /** Exactly this many times; or a range with at_least / at_most (default: at least once). */
    count: z.number().int().min(0).optional(),
    at_least: z.number().int().min(0).optional(),
    at_most: z.number().int().min(0).optional(),
  })
  .refine((v) => v.count === undefined || (v.at_least === undefined && v.at_most === undefined), { message: 'count 与 at_least / at_most 只能选一种' })
  .refine((v) => v.at_least === undefined || v.at_most === undefined || v.at_least <= v.at_most, { message: 'at_least 不能大于 at_most' });

function statusPasses(filter: z.output<typeof statusFilter> | undefined, status: number | null): boolean {
  if (filter === undefined) return true;
  if (status === null) return false;
  return typeof filter === 'number' ? status === filter : Math.floor(status / 100) === Number(filter[0]);
}

const operationPasses = (operation: string | undefined, record: JournalRecord) =>
  operation === undefined || record.operation === operation || operationList.find((op) => op.id === record.operation)?.name === operation;

/** A query string's values as the schema's types (`limit=5` is 5, `limit=-1` is -1: a number, refused as one). */
export function queryOfUrl(params: URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of params) out[key] = /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
  return out;
}

export function listRequests(state: MockState, input: unknown) {
  const query = parseControl(requestsQuerySchema, input, 'query');
  const since = query.since === undefined ? -Infinity : Date.parse(query.since);
  const until = query.until === undefined ? Infinity : Date.parse(query.until);
  const all = state.journal.records();
  const passing = all.filter(
    (r) =>
      operationPasses(query.operation, r) &&
      (query.method === undefined || r.method === query.method) &&
      statusPasses(query.status, r.status) &&
      r.at >= since &&
      r.at <= until &&
      (query.after_id === undefined || r.id > query.after_id),
  );
  return { requests: passing.slice(-query.limit).map(describeRecord), matched: passing.length, kept: all.length, dropped: state.journal.dropped };
}

export function clearRequests(state: MockState) {
  const cleared = state.journal.records().length;
  state.journal.clear();
  return { cleared };
}

export function verifyRequests(state: MockState, input: unknown) {
  const pattern = parseControl(verifySchema, input);
  const match = { path_params: pattern.path_params, query: pattern.query, body: pattern.body, headers: pattern.headers };
  const matched = state.journal
    .records()
    .filter(
      (r) => operationPasses(pattern.operation, r) && (pattern.method === undefined || r.method === pattern.method) && statusPasses(pattern.status, r.status) && requestMatches(match, matchInputOf(r)),
    );
  const count = matched.length;
  const expected =
    pattern.count !== undefined
      ? { count: pattern.count }
      : { at_least: pattern.at_least ?? (pattern.at_most === undefined ? 1 : 0), ...(pattern.at_most === undefined ? {} : { at_most: pattern.at_most }) };
  const ok = 'count' in expected ? count === expected.count : count >= expected.at_least && (expected.at_most === undefined || count <= expected.at_most);
  // Too few: which calls nearly matched, and where they differed. Too many: request_ids says which.
  const tooFew = count < (pattern.count ?? pattern.at_least ?? (pattern.at_most === undefined ? 1 : 0));
  return {
    ok,
    count,
    expected,
    request_ids: matched.map((r) => r.id),
    ...(!ok && tooFew ? { near_misses: nearMisses(state, pattern) } : {}),
    ...(state.journal.dropped > 0 ? { dropped: state.journal.dropped } : {}),
  };
}

/** How many near misses a failed verification lists. */
export const NEAR_MISSES = 3;

/** The app's calls closest to a pattern: the fewest fields differing, then the newest. */
function nearMisses(state: MockState, pattern: z.output<typeof verifySchema>) {
  const match = { path_params: pattern.path_params, query: pattern.query, body: pattern.body, headers: pattern.headers };
  const named = operationList.find((op) => op.id === pattern.operation || op.name === pattern.operation);
  const scored = state.journal
    .records()
    .filter((r) => r.operation !== null && !r.control)
    .map((r) => {
      const differ: Difference[] = [];
      if (!operationPasses(pattern.operation, r))
        differ.push({ field: 'operation', expected: named?.name ?? pattern.operation, actual: operationList.find((op) => op.id === r.operation)?.name ?? r.operation });
      if (pattern.method !== undefined && r.method !== pattern.method) differ.push({ field: 'method', expected: pattern.method, actual: r.method });
      if (!statusPasses(pattern.status, r.status)) differ.push({ field: 'status', expected: pattern.status, actual: r.status });
      differ.push(...differences(match, matchInputOf(r)));
      return { record: r, differ };
    })
    .filter(({ differ }) => differ.length > 0)
    .sort((a, b) => a.differ.length - b.differ.length || b.record.id - a.record.id);
  return scored.slice(0, NEAR_MISSES).map(({ record, differ }) => ({
    request_id: record.id,
    at: toIso(record.at),
    operation: operationList.find((op) => op.id === record.operation)?.name ?? record.operation,
    method: record.method,
    status: record.status,
    differences: differ,
  }));
}
