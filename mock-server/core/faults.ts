/**
 * Faults and fixed answers per operation (POST /__mock/faults): the next answers of a call, or of
 * the calls that match a pattern (./matcher.ts), are a refusal, a delay, a hang, a network fault
 * or an answer given in full. The highest priority wins, then the oldest; each counts down its
 * `times`.
 */
import { z } from 'zod';
import { SUCCESS_CODE, operationList, type Operation } from '#contract/index';
import { requestMatches, requestMatchSchema, type MatchInput, type RequestMatch } from './matcher.ts';

/** Faults pending in one world at once, and in one POST (a recording's stubs go in one). */
export const FAULTS_PENDING = 500;
export const FAULTS_PER_CALL = FAULTS_PENDING;
/** The longest a fault may delay an answer, and the pause of a trickling body. */
export const FAULT_MAX_DELAY_MS = 120_000;
export const TRICKLE_DEFAULT_MS = 100;

export const NETWORK_FAULTS = ['reset', 'lost_answer', 'empty', 'malformed', 'no_envelope', 'trickle'] as const;

const operationOf = (value: string): Operation | undefined => operationList.find((op) => op.id === value || op.name === value);

type Problem = { path: (string | number)[]; message: string };
const fieldNamesOf = (schema: unknown): string[] | null => {
  const shape = (schema as { _zod?: { def?: { shape?: Record<string, unknown> } } } | undefined)?._zod?.def?.shape;
  return shape ? Object.keys(shape) : null;
};

/** The fields a call declares in the contract, per part of a pattern (null: the call has no such part). */
export function declaredFields(op: Operation): Record<'path_params' | 'query' | 'body', string[] | null> {
  return { path_params: fieldNamesOf(op.pathParams), query: fieldNamesOf(op.query), body: fieldNamesOf(op.body) };
}

const PART_WORDS = { path_params: ['路径参数', '路径参数'], query: ['查询参数', '查询参数'], body: ['请求体字段', '请求体'] } as const;

/** A pattern's fields the call does not declare: it never sends them, so the pattern never matches. */
function matchProblems(op: Operation, match: RequestMatch | undefined): Problem[] {
  if (!match) return [];
  const declared = declaredFields(op);
  const problems: Problem[] = [];
  for (const part of ['path_params', 'query', 'body'] as const) {
    const known = declared[part];
    for (const field of Object.keys(match[part] ?? {})) {
      // A body field may be a dotted path (items.0.id): its first name is the body's.
      const name = part === 'body' ? field.split('.')[0]! : field;
      if (known?.includes(name)) continue;
      const [word, whole] = PART_WORDS[part];
      const listed = known && known.length > 0 ? `有：${known.join('、')}` : `它没有${whole}`;
      problems.push({ path: ['match', part, field], message: `${op.name} 没有${word} ${name}（${listed}）` });
    }
  }
  return problems;
}

/** Options the way the fault answers cannot carry out. */
function ineffective(f: { [K in 'status' | 'error_code' | 'msg' | 'data' | 'delay_ms' | 'network' | 'trickle_ms' | 'hang']?: unknown }): Problem[] {
  const given = (fields: readonly (keyof typeof f)[]) => fields.filter((field) => f[field] !== undefined);
  const answer = ['status', 'error_code', 'msg', 'data'] as const;
  if (f.hang === true) return given([...answer, 'delay_ms', 'network', 'trickle_ms']).map((field) => ({ path: [field], message: '"hang": true 的调用永不应答，这一项不会生效' }));
  const problems: Problem[] = [];
  if (f.trickle_ms !== undefined && f.network !== 'trickle') problems.push({ path: ['trickle_ms'], message: '只在 "network": "trickle" 时生效' });
  if (f.network === 'reset' || f.network === 'lost_answer') {
    problems.push(...given(answer).map((field) => ({ path: [field], message: `"network": "${String(f.network)}" 断开连接、没有应答，这一项不会生效` })));
  }
  if (f.network === 'empty' || f.network === 'no_envelope') {
    problems.push(...given(['error_code', 'msg', 'data']).map((field) => ({ path: [field], message: `"network": "${String(f.network)}" 的应答没有信封，这一项不会生效` })));
  }
  return problems;
}

export const faultSpecSchema = z
  .strictObject({
    operation: z.string().refine((value) => operationOf(value) !== undefined, { message: '未知的接口（operation 应为接口名或接口 id）' }),
    /** Only the calls of the operation that match (path params, query, body fields). */
    match: requestMatchSchema.optional(),
    /** The highest priority is used first (default 0); among equals, the oldest. */
    priority: z.number().int().min(-1000).max(1000).optional(),
    status: z.number().int().min(200).max(599).optional(),
    error_code: z.number().int().optional(),
    msg: z.string().max(2000).optional(),
    /**
     * The envelope's data. Without it a 99993 carries a fresh access token for the caller's
     * session (renewed for real, as an expiry would), so the app's refresh can be tested. With the
     * success code it is a fixed answer, checked against the contract unless `unchecked`.
     */
    data: z.unknown().optional(),
    unchecked: z.boolean().optional(),
    delay_ms: z.number().int().min(0).max(FAULT_MAX_DELAY_MS).optional(),
    /** Never answer: the app's 20 s timeout is what the tester sees. */
    hang: z.boolean().optional(),
    /**
     * A fault of the network: reset (the connection drops before the backend is asked),
     * lost_answer (the backend does the work and commits, then the connection drops: the answer is
     * lost on its way back), empty (the status, no body), malformed (the answer's JSON cut short),
     * no_envelope (a proxy's 500 page), trickle (the answer a few bytes every trickle_ms).
     */
    network: z.enum(NETWORK_FAULTS).optional(),
    trickle_ms: z.number().int().min(1).max(10_000).optional(),
    /** How many answers are faulty; null means every answer until DELETE /__mock/faults. */
    times: z.number().int().positive().max(1_000_000).nullable().default(1),
    /** Free text: what this is for (a recording notes where the backend drifted). */
    note: z.string().max(2000).optional(),
  })
  .refine((f) => f.status !== undefined || f.error_code !== undefined || f.delay_ms !== undefined || f.hang === true || f.network !== undefined, {
    message: '故障不完整：至少要有 status、error_code、delay_ms 或 hang 之一，或 network（只有 msg 或 data 的故障不会改变应答）',
  })
  .superRefine((f, ctx) => {
    const op = operationOf(f.operation);
    if (!op) return;
    // Nothing accepted that can never fire or never show: each would be a test that passes for nothing.
    for (const problem of [...matchProblems(op, f.match), ...ineffective(f)]) ctx.addIssue({ code: 'custom', ...problem });
    // A fixed answer is one the contract could give: the app's parsing is what is under test. Without
    // data it is served as `data: null`, which most calls' contract does not allow.
    if (f.error_code !== SUCCESS_CODE || f.unchecked) return;
    const checked = op.response.safeParse(f.data === undefined ? null : f.data);
    if (checked.success) return;
    const issue = checked.error.issues[0]!;
    const message = f.data === undefined ? '缺少此项' : issue.message;
    ctx.addIssue({ code: 'custom', path: f.data === undefined ? ['data'] : ['data', ...issue.path], message: `${message}（固定应答须符合契约；确要偏离契约，加 "unchecked": true）` });
  });
export type FaultSpec = z.output<typeof faultSpecSchema>;
export const faultListSchema = z.array(faultSpecSchema).min(1, '至少提供一条故障').max(FAULTS_PER_CALL, `一次最多 ${FAULTS_PER_CALL} 条故障`);

export class Faults {
  private list: FaultSpec[] = [];

  add(faults: FaultSpec[]): void {
    for (const fault of faults) this.list.push({ ...fault });
  }

  clear(): void {
    this.list = [];
  }

  get size(): number {
    return this.list.length;
  }

  pending(): FaultSpec[] {
    return this.list.map((f) => ({ ...f }));
  }

  /**
   * Takes the fault for a call of an operation (by id or call name), counting it down: of those
   * whose pattern the call matches (`input` is asked only when a fault has one), the highest
   * priority, then the oldest.
   */
  take(operationId: string, operationName: string, input: () => MatchInput): FaultSpec | null {
    if (this.list.length === 0) return null;
    let best = -1;
    for (let i = 0; i < this.list.length; i++) {
      const fault = this.list[i]!;
      if (fault.operation !== operationId && fault.operation !== operationName) continue;
      if (best >= 0 && (fault.priority ?? 0) <= (this.list[best]!.priority ?? 0)) continue;
      if (fault.match && !requestMatches(fault.match, input())) continue;
      best = i;
    }
    if (best < 0) return null;
    const fault = this.list[best]!;
    if (fault.times !== null) {
      fault.times -= 1;
      if (fault.times <= 0) this.list.splice(best, 1);
    }
    return fault;
  }
}
