/**
 * The document server's own transport for its backend calls (backend-calls.ts): what fetch would
 * send and read, over Node's HTTP client (decision 092).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverCalls } from '../lib/api/api-client.ts';
import './backend-calls.ts';

let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      if (req.url === '/echo') {
        res.setHeader('Date', 'Sat, 05 Dec 2026 02:00:00 GMT');
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify({ method: req.method, headers: req.headers, body }));
      } else if (req.url === '/refused') {
        res.writeHead(418, 'Short And Stout', { 'Content-Type': 'text/plain' });
        res.end('不行');
      } else if (req.url === '/cut') {
        res.writeHead(200, { 'Content-Length': '100' });
        res.write('{"half":');
        setTimeout(() => res.destroy(), 20);
      }
      // '/hang': never answers
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const send = serverCalls.send!;
const init = (more: Partial<Parameters<typeof send>[1]> = {}) => ({ method: 'GET', headers: { Accept: 'application/json' }, signal: new AbortController().signal, ...more });

describe('the server sends its backend calls', () => {
  it('with their method, headers and body, and reads the answer as fetch would', async () => {
    const answer = await send(`${origin}/echo`, init({ method: 'POST', headers: { Accept: 'application/json', 'Content-Type': 'application/json', cookie: 'a=b' }, body: '{"名字":"小明"}' }));
    expect(answer.status).toBe(200);
    expect(answer.ok).toBe(true);
    expect(answer.headers.get('Date')).toBe('Sat, 05 Dec 2026 02:00:00 GMT');
    expect(answer.headers.get('x-missing')).toBeNull();
    const seen = JSON.parse(await answer.text()) as { method: string; headers: Record<string, string>; body: string };
    expect(seen.method).toBe('POST');
    expect(seen.body).toBe('{"名字":"小明"}');
    expect(seen.headers).toMatchObject({ accept: 'application/json', 'content-type': 'application/json', cookie: 'a=b', 'content-length': String(Buffer.byteLength('{"名字":"小明"}')) });
  });

  it('an answer that is not a success keeps its status, reason and body', async () => {
    const answer = await send(`${origin}/refused`, init());
    expect({ status: answer.status, ok: answer.ok, statusText: answer.statusText, text: await answer.text() }).toEqual({ status: 418, ok: false, statusText: 'Short And Stout', text: '不行' });
  });

  it('an answer cut off before its end is a failure, not a short body', async () => {
    await expect(send(`${origin}/cut`, init())).rejects.toThrow();
  });

  it('stops waiting when the call is aborted', async () => {
    const controller = new AbortController();
    const pending = send(`${origin}/hang`, init({ signal: controller.signal }));
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('a connection refused is a failure', async () => {
    await expect(send('http://127.0.0.1:1/x', init())).rejects.toThrow();
  });
});
