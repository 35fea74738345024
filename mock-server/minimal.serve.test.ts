/** Minimal answers (decision 073) on the standalone mock: the CLI flag, the control API, worlds and snapshots. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseArgs, startMockServer, type RunningMockServer } from './serve.ts';

describe('minimal answers from the command line, the control API and snapshots', () => {
  let server: RunningMockServer;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'minimal-'));
    server = await startMockServer({ port: 0, log: null, minimal: true, snapshotDir: dir });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const send = async (method: string, path: string, body?: unknown, world = 'w1') => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { 'x-mock-world': world, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  };
  const faqKeys = async (world = 'w1') => Object.keys(((await send('GET', '/children_center/front/api/parents_questions_and_answers', undefined, world)).json as { data: object }).data).sort();

  it('npm run mock:serve -- --minimal starts every world in it; POST /__mock/settings turns it off and on', async () => {
    expect(parseArgs(['--minimal', '--spec-only'])).toEqual({ minimal: true, specOnly: true });
    expect((await send('GET', '/__mock/settings')).json).toMatchObject({ settings: { minimal: true, specOnly: false } });
    expect(await faqKeys()).toEqual(['list']);
    expect((await send('POST', '/__mock/settings', { minimal: false })).json).toMatchObject({ settings: { minimal: false } });
    expect(await faqKeys()).toEqual(['list', 'page', 'page_size', 'total']);
    expect((await send('POST', '/__mock/settings', { minimal: true })).json).toMatchObject({ settings: { minimal: true } });
    expect((await send('GET', '/__mock/settings', undefined, 'w2')).json).toMatchObject({ settings: { minimal: true } });
    expect((await send('POST', '/__mock/settings', { minimal: 'yes' })).status).toBe(400);
  });

  it('a snapshot keeps the setting', async () => {
    expect((await send('POST', '/__mock/snapshots', { name: 'minimal-test' }, 'w3')).status).toBe(200);
    await send('POST', '/__mock/settings', { minimal: false }, 'w4');
    await send('POST', '/__mock/reset', { scenario: 'minimal-test' }, 'w4');
    expect((await send('GET', '/__mock/settings', undefined, 'w4')).json).toMatchObject({ settings: { minimal: true } });
    expect(await faqKeys('w4')).toEqual(['list']);
  });
});
