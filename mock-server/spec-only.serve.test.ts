/** Spec-only mode (decision 057) on the standalone mock: the CLI flag, the control API, worlds and snapshots. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes } from '#contract/index';
import { parseArgs, startMockServer, type RunningMockServer } from './serve.ts';

describe('spec-only from the command line, the control API and snapshots', () => {
  let server: RunningMockServer;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'spec-only-'));
    server = await startMockServer({ port: 0, log: null, specOnly: true, scenario: 'supply-fee', snapshotDir: dir });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const send = async (method: string, path: string, body?: unknown, world = 'w1') => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { 'x-mock-world': world, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  };

  it('npm run mock:serve -- --spec-only starts every world in it; POST /__mock/settings turns it off and on', async () => {
    expect(parseArgs(['--spec-only'])).toEqual({ specOnly: true });
    expect((await send('GET', '/__mock/settings')).json).toMatchObject({ settings: { specOnly: true } });
    expect(await send('GET', '/children_center/front/api/my_refund_list')).toMatchObject({ status: 404, json: { error_code: errorCodes.unknownCall.code } });
    expect((await send('POST', '/__mock/settings', { spec_only: false })).json).toMatchObject({ settings: { specOnly: false } });
    // Signed out, the call exists again: it asks for a session instead.
    expect(await send('GET', '/children_center/front/api/my_refund_list')).toMatchObject({ status: 401, json: { error_code: errorCodes.notSignedIn.code } });
    expect((await send('POST', '/__mock/settings', { spec_only: true })).json).toMatchObject({ settings: { specOnly: true } });
    // Worlds are apart: another one starts as the server says.
    expect((await send('GET', '/__mock/settings', undefined, 'w2')).json).toMatchObject({ settings: { specOnly: true } });
    expect((await send('POST', '/__mock/settings', { spec_only: 'yes' })).status).toBe(400);
  });

  it('a snapshot keeps the setting', async () => {
    expect((await send('POST', '/__mock/snapshots', { name: 'spec-only-test' }, 'w3')).status).toBe(200);
    await send('POST', '/__mock/settings', { spec_only: false }, 'w4');
    await send('POST', '/__mock/reset', { scenario: 'spec-only-test' }, 'w4');
    expect((await send('GET', '/__mock/settings', undefined, 'w4')).json).toMatchObject({ settings: { specOnly: true } });
  });
});
