/**
 * The QA control operations of the design brief, host-independent: the HTTP server's /__mock/ routes,
 * window.__mock in the browser and the mock panel all call these.
 */
import { z } from 'zod';
import { isScenarioName, scenarioList, scenarioNames } from '#fixtures/scenario-list';
import { fromIso } from '#fixtures/time';
import { faultListSchema } from './faults.ts';
import { hostileLinksSchema } from './hostile-links.ts';
import { issueTicket } from './rules/tickets.ts';
import { settleTrade } from './rules/payments.ts';
import type { MockState } from './state.ts';

export class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const resetSchema = z.object({
  scenario: z
    .string()
    .refine(isScenarioName, { message: `未知场景，可选：${scenarioNames.join(', ')}` })
    .default('default'),
  seed: z.number().int().min(0).default(1),
});

export const clockSchema = z.union([
  z.object({ now: z.iso.datetime({ offset: true, message: 'now 应为带时区的 ISO 时间，如 2026-09-01T10:00:00+08:00' }), frozen: z.boolean().optional() }),
  z.object({ advance_ms: z.number().int(), frozen: z.boolean().optional() }),
  z.object({ frozen: z.boolean() }),
]);

export const paymentOutcomeSchema = z.object({ outcome: z.enum(['success', 'fail']) });
export const loginSchema = z.object({ username: z.string().min(1, '请提供 username') });
export const settingsSchema = z.object({
  latency_ms: z.tuple([z.number().int().min(0), z.number().int().min(0)]).optional(),
  auto_pay: z
    .object({ outcome: z.enum(['success', 'fail']), after_ms: z.number().int().min(0) })
    .nullable()
    .optional(),
  hostile_links: hostileLinksSchema.optional(),
  spec_only: z.boolean().optional(),
});

function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new ControlError(400, `${issue.path.join('.') || 'body'}：${issue.message}`);
  }
  return result.data;
}

export function listScenarios() {
  return scenarioNames.map((name) => ({ name, description: scenarioList[name].description, main_parent: scenarioList[name].mainParent }));
}

export async function resetToScenario(state: MockState, input: unknown) {
  const { scenario, seed } = parse(resetSchema, input);
  // The builders (and faker) load only when a world is built: a browser tab that restores its
  // saved state never needs them.
  const { scenarios } = await import('#fixtures/scenarios');
  const world = scenarios[scenario]!.build(seed);
  await state.load(world.snapshot);
  state.clock.set(world.now);
  state.faults.clear();
  state.scenario = { name: scenario, seed };
  state.onChange?.();
  return { scenario, seed, now: state.nowIso() };
}

export function describeState(state: MockState) {
  return {
    scenario: state.scenario,
    now: state.nowIso(),
    clock_frozen: state.clock.frozen,
    settings: state.settings,
    faults: state.faults.pending(),
    tables: state.snapshot(),
  };
}

export function addFaults(state: MockState, input: unknown) {
  const faults = parse(faultListSchema, Array.isArray(input) ? input : [input]);
  state.faults.add(faults);
  return { faults: state.faults.pending() };
}

export function clearFaults(state: MockState) {
  state.faults.clear();
  return { faults: [] };
}

export async function setClock(state: MockState, input: unknown) {
  const body = parse(clockSchema, input);
  if ('now' in body) state.clock.set(fromIso(body.now));
  if ('advance_ms' in body) state.clock.advance(body.advance_ms);
  if (body.frozen !== undefined) state.clock.freeze(body.frozen);
  await state.catchUp();
  state.onChange?.();
  return { now: state.nowIso(), frozen: state.clock.frozen };
}

export async function settlePayment(state: MockState, tradeNo: string, input: unknown) {
  const { outcome } = parse(paymentOutcomeSchema, input);
  await state.catchUp();
  const trade = await settleTrade(state, tradeNo, outcome);
  if (!trade) throw new ControlError(404, `没有待支付的交易 ${tradeNo}`);
  state.onChange?.();
  return { trade_no: trade.trade_no, status: trade.status, order_id: trade.order_id, supply_fee_id: trade.supply_fee_id };
}

export async function login(state: MockState, input: unknown) {
  const { username } = parse(loginSchema, input);
  const ticket = await issueTicket(state, username);
  if (!ticket) throw new ControlError(404, `没有用户名为 ${username} 的家长`);
  state.onChange?.();
  return { ticket };
}

export function updateSettings(state: MockState, input: unknown) {
  const body = parse(settingsSchema, input);
  if (body.latency_ms) state.settings.latencyMs = body.latency_ms;
  if (body.auto_pay !== undefined) state.settings.autoPay = body.auto_pay && { outcome: body.auto_pay.outcome, afterMs: body.auto_pay.after_ms };
  if (body.hostile_links !== undefined) state.settings.hostileLinks = body.hostile_links;
  if (body.spec_only !== undefined) state.settings.specOnly = body.spec_only;
  state.onChange?.();
  return { settings: state.settings };
}

/** Fixture parents for the mock account service's login page. */
export function listParents(state: MockState) {
  return state.db.parents.all().map((p) => ({ username: p.username, real_name: p.real_name, phone: p.phone, description: p.description }));
}
