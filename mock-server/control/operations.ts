/**
 * The QA control operations of the design brief, host-independent: the HTTP server's /__mock/ routes,
 * window.__mock in the browser and the mock panel all call these.
 */
import { z } from 'zod';
import { operationList, paymentStatus } from '#contract/index';
import { isScenarioName, scenarioList, scenarioNames } from '#fixtures/scenario-list';
import { DAY, fromIso } from '#fixtures/time';
import { FAULTS_PENDING, FAULTS_PER_CALL, faultListSchema } from '../core/faults.ts';
import { hostileLinksSchema } from '../core/hostile-links.ts';
import { JOURNAL_MAX_SIZE } from '../core/journal.ts';
import { issueTicket } from '../rules/tickets.ts';
import { settleTrade } from '../rules/payments.ts';
import type { MockState } from '../core/state.ts';
import { ControlError, parseControl } from './input.ts';

/** The largest clock move, and the slowest latency a setting may ask for. */
export const CLOCK_MAX_ADVANCE_MS = 10 * 365 * DAY;
export const LATENCY_MAX_MS = 60_000;

export const resetSchema = z.strictObject({
  scenario: z
    .string()
    .refine(isScenarioName, { message: `未知场景，可选：${scenarioNames.join(', ')}` })
    .default('default'),
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31)
    .default(1),
});

export const clockSchema = z
  .strictObject({
    now: z.iso.datetime({ offset: true, message: 'now 应为带时区的 ISO 时间，如 2026-09-01T10:00:00+08:00' }).optional(),
    advance_ms: z.number().int().min(0, 'advance_ms 不能为负：时钟只向前走；要回到过去，用 now 设定时间').max(CLOCK_MAX_ADVANCE_MS, `advance_ms 最多 ${CLOCK_MAX_ADVANCE_MS} 毫秒（10 年）`).optional(),
    frozen: z.boolean().optional(),
  })
  .refine((c) => c.now !== undefined || c.advance_ms !== undefined || c.frozen !== undefined, { message: '至少要有 now、advance_ms 或 frozen 之一' })
  .refine((c) => c.now === undefined || c.advance_ms === undefined, { message: 'now 与 advance_ms 只能二选一' });

export const paymentOutcomeSchema = z.strictObject({ outcome: z.enum(['success', 'fail']) });
export const loginSchema = z.strictObject({ username: z.string().min(1, '请提供 username').max(64) });
const latencySchema = z
  .tuple([z.number().int().min(0).max(LATENCY_MAX_MS), z.number().int().min(0).max(LATENCY_MAX_MS)])
  .refine(([min, max]) => min <= max, { message: '应为 [最小, 最大]，最小不能大于最大' });
export const settingsSchema = z.strictObject({
  latency_ms: latencySchema.optional(),
  auto_pay: z
    .strictObject({
      outcome: z.enum(['success', 'fail']),
      after_ms: z
        .number()
        .int()
        .min(0)
        .max(24 * 3600_000),
    })
    .nullable()
    .optional(),
  hostile_links: hostileLinksSchema.optional(),
  spec_only: z.boolean().optional(),
  journal_size: z.number().int().min(1).max(JOURNAL_MAX_SIZE).optional(),
});

/**
 * A control action that changed the world, put in its journal among the app's calls (as the HTTP
 * route names it, whichever host ran it); answers `answer`. Reads, tickets and refusals are not
 * actions: nothing changed.
 */
function journaled<T>(state: MockState, method: 'POST' | 'DELETE', path: string, body: unknown, answer: T): T {
  state.journal.control(state.now(), method, path, body, answer);
  return answer;
}

export function listScenarios() {
  return scenarioNames.map((name) => ({ name, description: scenarioList[name].description, main_parent: scenarioList[name].mainParent }));
}

export async function resetToScenario(state: MockState, input: unknown) {
  const { scenario, seed } = parseControl(resetSchema, input);
  // The builders (and faker) load only when a world is built: a browser tab that restores its
  // saved state never needs them.
  const { scenarios } = await import('#fixtures/scenarios');
  const world = scenarios[scenario]!.build(seed);
  await state.load(world.snapshot);
  state.clock.set(world.now);
  state.faults.clear();
  state.journal.clear();
  state.scenario = { name: scenario, seed };
  state.loadedSnapshot = null;
  state.onChange?.();
  return journaled(state, 'POST', 'reset', { scenario, seed }, { scenario, seed, now: state.nowIso() });
}

export function describeState(state: MockState) {
  return {
    scenario: state.scenario,
    /** The snapshot the world was loaded from (POST /__mock/reset with its name); null: the scenario's own tables. */
    snapshot: state.loadedSnapshot,
    now: state.nowIso(),
    clock_frozen: state.clock.frozen,
    settings: state.settings,
    faults: state.faults.pending(),
    tables: state.snapshot(),
  };
}

export function addFaults(state: MockState, input: unknown) {
  if (input === null || input === undefined) throw new ControlError(400, 'body：请提供故障：一条 {"operation": …} 或它们的数组');
  // Counted before reading: 200,000 faults are refused, not parsed.
  if (Array.isArray(input) && input.length > FAULTS_PER_CALL) throw new ControlError(413, `body：一次最多 ${FAULTS_PER_CALL} 条故障，收到 ${input.length} 条`);
  const faults = parseControl(faultListSchema, Array.isArray(input) ? input : [input]);
  // Spec-only answers the project's own calls 404 before any fault (decision 057): one would never fire.
  if (state.settings.specOnly) {
    const at = faults.findIndex((fault) => operationList.find((op) => op.id === fault.operation || op.name === fault.operation)?.extension);
    if (at >= 0) {
      throw new ControlError(400, `${at}.operation：仅规格接口（spec_only）下 ${faults[at]!.operation} 在任何故障之前答 404「接口不存在」，这条故障不会生效`);
    }
  }
  if (state.faults.size + faults.length > FAULTS_PENDING) {
    throw new ControlError(409, `body：一个世界最多 ${FAULTS_PENDING} 条待生效的故障（已有 ${state.faults.size} 条）；先 DELETE /__mock/faults`);
  }
  state.faults.add(faults);
  return journaled(state, 'POST', 'faults', faults, { faults: state.faults.pending() });
}

export function clearFaults(state: MockState) {
  state.faults.clear();
  return journaled(state, 'DELETE', 'faults', null, { faults: [] });
}

export async function setClock(state: MockState, input: unknown) {
  const body = parseControl(clockSchema, input);
  if (body.now !== undefined) state.clock.set(fromIso(body.now));
  if (body.advance_ms !== undefined) state.clock.advance(body.advance_ms);
  if (body.frozen !== undefined) state.clock.freeze(body.frozen);
  await state.catchUp();
  state.onChange?.();
  return journaled(state, 'POST', 'clock', body, { now: state.nowIso(), frozen: state.clock.frozen });
}

export async function settlePayment(state: MockState, tradeNo: string, input: unknown) {
  const { outcome } = parseControl(paymentOutcomeSchema, input);
  await state.catchUp();
  const trade = await settleTrade(state, tradeNo, outcome);
  if (!trade) throw new ControlError(404, `没有待支付的交易 ${tradeNo}`);
  state.onChange?.();
  return journaled(state, 'POST', `payments/${tradeNo}`, { outcome }, { trade_no: trade.trade_no, status: trade.status, order_id: trade.order_id, supply_fee_id: trade.supply_fee_id });
}

export async function login(state: MockState, input: unknown) {
  const { username } = parseControl(loginSchema, input);
  const ticket = await issueTicket(state, username);
  if (!ticket) throw new ControlError(404, `没有用户名为 ${username} 的家长`);
  state.onChange?.();
  return { ticket };
}

export function updateSettings(state: MockState, input: unknown) {
  const body = parseControl(settingsSchema, input);
  if (body.latency_ms) state.settings.latencyMs = body.latency_ms;
  if (body.auto_pay !== undefined) state.settings.autoPay = body.auto_pay && { outcome: body.auto_pay.outcome, afterMs: body.auto_pay.after_ms };
  if (body.hostile_links !== undefined) state.settings.hostileLinks = body.hostile_links;
  if (body.spec_only !== undefined) state.settings.specOnly = body.spec_only;
  if (body.journal_size !== undefined) state.settings.journalSize = body.journal_size;
  state.onChange?.();
  return journaled(state, 'POST', 'settings', body, { settings: state.settings });
}

/** The world's trades waiting for a result, newest first: what a tester settles (the panels' 支付). */
export async function listWaitingTrades(state: MockState) {
  await state.catchUp();
  const waiting = state.db.trades.findMany((q) => q.where({ status: paymentStatus.values.waiting }));
  waiting.sort((a, b) => b.created_at.localeCompare(a.created_at) || b.trade_no.localeCompare(a.trade_no));
  return {
    trades: waiting.map((t) => ({
      trade_no: t.trade_no,
      order_id: t.order_id,
      order_no: t.order_id === null ? null : (state.db.orders.findFirst((q) => q.where({ id: t.order_id! }))?.order_no ?? null),
      supply_fee_id: t.supply_fee_id,
      amount: t.amount,
      pay_type: t.pay_type,
      created_at: t.created_at,
      expire_at: t.expire_at,
    })),
  };
}

/** Fixture parents for the mock account service's login page. */
export function listParents(state: MockState) {
  return state.db.parents.all().map((p) => ({ username: p.username, real_name: p.real_name, phone: p.phone, description: p.description }));
}
