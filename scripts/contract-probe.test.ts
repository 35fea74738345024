/**
 * The contract probe against the standalone mock (no drift, at least 40 operations checked), and
 * against the mock behind a proxy that changes a field's type and adds another (the drift is
 * named by operation and field, and the command exits 1).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answersNoSuchCall, errorCodes, operationList } from '#contract/index';
import { startMockServer, type RunningMockServer } from '../mock-server/serve.ts';
import { GETS_THAT_WRITE, plan, strictDiff } from './contract-probe-lib.ts';
import { parseProbeArgs, probe, type ProbeReport } from './contract-probe.ts';
import { z } from '#contract/zod';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
let mock: RunningMockServer;
let proxy: Server;
let proxyUrl: string;
let dir: string;

/** Forwards to the mock; class_detail's fee becomes a string and a field is added. */
function driftingProxy(target: string): Server {
  return createServer((req, res) => {
    const upstream = httpRequest(`${target}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (c: Buffer) => chunks.push(c));
      answer.on('end', () => {
        let body = Buffer.concat(chunks).toString('utf8');
        if (req.url?.includes('/class_detail/')) {
          const json = JSON.parse(body) as { data: Record<string, unknown> };
          json.data.fee = String(json.data.fee);
          json.data.teacher_wechat = 'wx-teacher';
          body = JSON.stringify(json);
        }
        res.writeHead(answer.statusCode ?? 500, { 'content-type': 'application/json' });
        res.end(body);
      });
    });
    req.pipe(upstream);
  });
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'probe-'));
  mock = await startMockServer({ port: 0, log: null, snapshotDir: dir });
  proxy = driftingProxy(mock.url).listen(0, '127.0.0.1');
  await new Promise((resolve) => proxy.once('listening', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await mock.close();
  await new Promise((resolve) => proxy.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('the probe’s plan', () => {
  it('names every GET operation of the contract exactly once, and nothing else', () => {
    const planned = plan.map((s) => s.id);
    expect(
      planned.filter((id, i) => planned.indexOf(id) !== i),
      'named twice',
    ).toEqual([]);
    expect([...planned].sort()).toEqual(
      operationList
        .filter((op) => op.method === 'GET')
        .map((op) => op.id)
        .sort(),
    );
    for (const id of GETS_THAT_WRITE) expect(planned).toContain(id);
  });
});

describe('strictDiff', () => {
  const schema = z.object({ a: z.number(), b: z.string().optional(), c: z.array(z.object({ d: z.boolean() })), e: z.number().nullable() }).meta({});
  it('names unknown and missing fields and wrong types, by path', () => {
    expect(strictDiff(schema, { a: '1', c: [{ d: true }, { d: 1, x: 2 }], e: null, extra: 1 })).toEqual([
      { path: 'data.a', problem: 'expected number, got string', assumed: false },
      { path: 'data.c[1].d', problem: 'expected boolean, got number', assumed: false },
      { path: 'data.c[1].x', problem: 'unknown field', assumed: false },
      { path: 'data.extra', problem: 'unknown field', assumed: false },
    ]);
    expect(strictDiff(schema, { c: [], e: 1 })).toEqual([{ path: 'data.a', problem: 'missing', assumed: false }]);
  });
  it('says when a field is the project’s own assumption', () => {
    const assumed = z.object({ x: z.number() }).meta({ 'x-assumption': true });
    expect(strictDiff(assumed, { x: 'no' })).toEqual([{ path: 'data.x', problem: 'expected number, got string', assumed: true }]);
  });
});

describe('npm run contract:probe', () => {
  it('checks at least 40 operations of the standalone mock with no drift, signed in as a parent', async () => {
    const lines: string[] = [];
    const report = await probe({ base: mock.url, mockLogin: 'gaoyan', world: 'probe-clean', log: (l) => lines.push(l) });
    const drifts = report.results.filter((r) => r.outcome === 'drift').map((r) => `${r.operation}: ${JSON.stringify(r.drifts)}`);
    expect(drifts).toEqual([]);
    expect(report.checked).toBeGreaterThanOrEqual(40);
    expect(lines.at(-1)).toBe(`probe: ${report.checked} operations, 0 drifted`);
    expect(report.results.find((r) => r.operation === 'system_message_detail')).toMatchObject({ outcome: 'skipped', reason: expect.stringMatching(/allow-writes/) });
  });

  it('against a backend of §7 alone (the mock’s spec-only mode): no drift, the proposals reported absent, and every §7 read a page makes checked', async () => {
    await fetch(`${mock.url}/__mock/settings`, { method: 'POST', headers: { 'x-mock-world': 'probe-spec-only', 'content-type': 'application/json' }, body: JSON.stringify({ spec_only: true }) });
    const lines: string[] = [];
    const report = await probe({ base: mock.url, mockLogin: 'gaoyan', world: 'probe-spec-only', log: (l) => lines.push(l) });
    expect(report.results.filter((r) => r.outcome === 'drift').map((r) => `${r.operation}: ${JSON.stringify(r.drifts)}`)).toEqual([]);
    // gaoyan has no supplementary fee: supply_fee_detail has nothing to follow.
    const own = operationList.filter((op) => op.extension && op.method === 'GET').map((op) => report.results.find((r) => r.operation === op.id)!);
    expect(own.map((r) => [r.operation, r.outcome])).toEqual([
      ['supply_fee_detail', 'skipped'],
      ['my_refund_list', 'absent'],
    ]);
    expect(lines).toContainEqual(expect.stringMatching(/^absent my_refund_list +a proposal this backend does not have \(docs\/decisions\/033-/));
    expect(lines.at(-1)).toBe(`probe: ${report.checked} operations, 0 drifted; 1 proposals this backend does not have`);
    // Every call of §7 the pages make as they open (docs/faults.md) is checked, refunds found through order_detail.
    const byPages = new Set(Array.from(readFileSync(path.join(root, 'docs/faults.md'), 'utf8').matchAll(/^\| [^|]+ \| (\w+) \|/gm), (m) => m[1]!));
    const spec = operationList.filter((op) => byPages.has(op.id) && !op.extension).map((op) => op.id);
    expect(spec).toContain('refund_detail');
    const unchecked = spec.filter((id) => report.results.find((r) => r.operation === id)?.outcome !== 'ok');
    expect(unchecked, 'reads of §7 the pages make that the probe did not check').toEqual([]);
  });

  it('calls no operation that needs a sign-in without one, and says why', async () => {
    const report = await probe({ base: mock.url, world: 'probe-anon', log: () => {} });
    expect(report.signed_in).toBe(false);
    expect(report.results.find((r) => r.operation === 'order_list')).toMatchObject({ outcome: 'skipped', reason: expect.stringMatching(/sign-in/) });
    expect(report.drifted).toBe(0);
  });

  it('names the operation and the fields where the backend drifts, writes its report and exits 1', async () => {
    const report = path.join(dir, 'report.json');
    const run = spawn(
      path.join(root, 'node_modules/.bin/tsx'),
      ['--tsconfig', path.join(root, 'tsconfig.base.json'), 'scripts/contract-probe.ts', '--base', proxyUrl, '--mock-login', 'gaoyan', '--world', 'probe-drift', '--report', report],
      {
        cwd: root,
      },
    );
    let out = '';
    run.stdout.on('data', (c: Buffer) => (out += c.toString()));
    const code = await new Promise<number | null>((resolve) => run.on('close', resolve));
    expect(code).toBe(1);
    expect(out).toMatch(/^drift class_detail +.*data\.fee: expected number, got string.*data\.teacher_wechat: unknown field/m);
    expect(out).toMatch(/^probe: \d+ operations, 1 drifted$/m);
    const json = JSON.parse(readFileSync(report, 'utf8')) as ProbeReport;
    const drift = json.results.find((r) => r.operation === 'class_detail')!;
    expect(drift.drifts.map((d) => d.path)).toEqual(['data.fee', 'data.teacher_wechat']);
    expect(drift.drifts[0]!.field_note).toMatch(/spec or relied on|assumed/);
  });

  it('reads a 404 that is not the call’s own “no such record” as a call the backend does not have', () => {
    expect(answersNoSuchCall(404, errorCodes.unknownCall.code)).toBe(true);
    // A web server's own 404 page: no envelope at all.
    expect(answersNoSuchCall(404, null)).toBe(true);
    expect(answersNoSuchCall(404, errorCodes.notFound.code)).toBe(false);
    expect(answersNoSuchCall(200, errorCodes.unknownCall.code)).toBe(false);
    expect(answersNoSuchCall(500, null)).toBe(false);
  });

  it('refuses arguments it cannot use, with the usage', () => {
    expect(() => parseProbeArgs([])).toThrow(/--base is required/);
    expect(() => parseProbeArgs(['--base', 'x', '--client-id', 'c'])).toThrow(/go together/);
    expect(() => parseProbeArgs(['--base', 'x', '--nope'])).toThrow(/unknown argument/);
  });
});
