/**
 * Each request its own world (issue 25, item 3): fifty pages rendered at once, for five parents
 * and for visitors signed out, against the standalone mock. Every page shows its own parent's
 * name, children and orders, and none of another's; a signed-out page shows no parent at all.
 * Nothing a request reads (stores, cookies, the backend's answers) leaks into another's render.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '#mock/serve';
import { openSession } from '#mock/testing';
import { CONTACT_COOKIE } from '../stores/child-store.ts';
import { ACCESS_TOKEN_COOKIE, CLIENT_ID_COOKIE, USER_ID_COOKIE } from '../stores/session-store.ts';
import { documentShape, templateOf } from './document.ts';
import { renderPage } from './render-page.ts';

const PARENTS = ['gaoyan', 'lina', 'wangqiang', 'zhaomin', 'chenjing'];
const PAGES = ['/', '/personal/myOrder', '/personal/contacts', '/personal/personalData', '/details?id=1'];
const template = documentShape(
  templateOf('<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8" /><title>t</title><script type="module" src="/src/main.tsx"></script></head><body><div id="root"></div></body></html>'),
  { styles: () => [], chunks: () => [] },
);

interface Visitor {
  username: string | null;
  cookie: string;
  /** What only this parent's pages may show: their name, their children's names, their order numbers. */
  own: string[];
}

let mock: RunningMockServer;
const visitors: Visitor[] = [];

beforeAll(async () => {
  mock = await startMockServer({ port: 0, log: null });
  const { db } = mock.state;
  for (const username of PARENTS) {
    const parent = db.parents.findFirst((q) => q.where({ username }), { strict: true });
    const children = db.contacts.all().filter((c) => c.parent_id === parent.id);
    const orders = db.orders.all().filter((o) => o.parent_id === parent.id);
    const { clientId, accessToken } = await openSession(mock.state, parent.id);
    const cookies = [`${CLIENT_ID_COOKIE}=${clientId}`, `${ACCESS_TOKEN_COOKIE}=${accessToken}`, `${USER_ID_COOKIE}=${parent.id}`];
    if (children[0]) cookies.push(`${CONTACT_COOKIE}=${children[0].id}`);
    visitors.push({ username, cookie: cookies.join('; '), own: [parent.real_name ?? username, ...children.map((c) => c.name), ...orders.map((o) => o.order_no)] });
  }
  visitors.push({ username: null, cookie: '', own: [] });
});
afterAll(() => mock.close());

async function render(path: string, visitor: Visitor): Promise<{ status: number; html: string }> {
  const request = new Request(`http://portal.test${path}`, { headers: visitor.cookie ? { cookie: visitor.cookie } : {} });
  const page = await renderPage(request, { document: template, backendUrl: mock.url, accountServiceUrl: '/__mock/account/login', dataBudgetMs: 10_000 });
  return { status: page.status, html: page.body ? await new Response(page.body).text() : '' };
}

describe('the server renders each request in a world of its own', () => {
  it('fifty pages at once, as five parents and signed out: each shows only its own parent', async () => {
    const jobs = Array.from({ length: 50 }, (_, i) => ({ visitor: visitors[i % visitors.length]!, path: PAGES[Math.floor(i / visitors.length) % PAGES.length]! }));
    const pages = await Promise.all(jobs.map(async (job) => ({ ...job, ...(await render(job.path, job.visitor)) })));
    for (const { visitor, path, status, html } of pages) {
      const who = `${visitor.username ?? 'signed out'} on ${path}`;
      if (!visitor.username) {
        // A personal page sends a signed-out visitor home; the others show no parent.
        if (path.startsWith('/personal')) expect(status, who).toBe(302);
        else expect(html, who).toContain('登录/注册');
      } else {
        expect(status, who).toBe(200);
        expect(html, `${who}: the parent's name in the header`).toContain(visitor.own[0]);
      }
      for (const other of visitors.filter((v) => v !== visitor)) {
        // Each of another parent's own words: their name, their children, their orders.
        for (const word of other.own.filter((w) => !visitor.own.includes(w))) expect(html, `${who} shows ${other.username}'s ${word}`).not.toContain(word);
      }
    }
    // The order list and the contacts show the parent's own rows.
    for (const { visitor, path, html } of pages.filter((p) => p.visitor.username && p.path === '/personal/myOrder')) {
      const orders = visitor.own.filter((w) => /^\d{8,}|^[A-Z]/.test(w));
      for (const number of orders.slice(0, 3)) expect(html, `${visitor.username}'s order ${number} on ${path}`).toContain(number);
    }
  });
});
