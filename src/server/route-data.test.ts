/**
 * Every route declares the calls its page renders with (decision 080): each page of the route
 * table, rendered by the document server for the parent and the records that show its parts (a
 * payable order, a refund still applied for, an invoice issued, a child to edit…), is rendered
 * once, and asks for no call its route did not declare. A page that renders a new call without
 * declaring it fails here, naming the call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOCK_WORLD_COOKIE, MOCK_WORLD_HEADER } from '#contract/mock-address';
import { scenarioList, type ScenarioName } from '#fixtures/scenario-list';
import { startMockServer, type RunningMockServer } from '#mock/serve';
import { routes, type RouteName } from '../lib/routes.ts';
import { CONTACT_COOKIE } from '../stores/child-store.ts';
import { ACCESS_TOKEN_COOKIE, CLIENT_ID_COOKIE, USER_ID_COOKIE } from '../stores/session-store.ts';
import { documentShape, templateOf } from './document.ts';
import { renderPage } from './render-page.ts';

type Row = Record<string, unknown> & { id: number };
type Tables = Record<string, Row[]>;

let mock: RunningMockServer;
const shape = documentShape(templateOf('<!doctype html><html lang="zh-CN"><head><title>t</title><script type="module" src="/src/main.tsx"></script></head><body><div id="root"></div></body></html>'), {
  styles: () => [],
  chunks: () => [],
});

beforeAll(async () => {
  mock = await startMockServer({ port: 0, log: null });
});
afterAll(() => mock.close());

/** A world of `scenario`, and the cookies of its main parent (or of `username`) signed in, with their first child chosen. */
async function world(scenario: ScenarioName, username = scenarioList[scenario].mainParent ?? ''): Promise<{ tables: Tables; parent: Row; cookie: string }> {
  const name = `route-data-${scenario}`;
  const headers = { [MOCK_WORLD_HEADER]: name, 'content-type': 'application/json' };
  const post = async (path: string, body: object) => (await fetch(`${mock.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })).json();
  await post('/__mock/reset', { scenario });
  const { tables } = (await (await fetch(`${mock.url}/__mock/state`, { headers })).json()) as { tables: Tables };
  const { ticket } = await post('/__mock/login', { username });
  const session = await post('/children_center/front/api/st_validate', { st: ticket, is_small_app: true });
  const parent = tables.parents!.find((p) => p.username === username)!;
  const child = tables.contacts!.find((c) => c.parent_id === parent.id && !c.deleted);
  const cookie = [
    `${MOCK_WORLD_COOKIE}=${name}`,
    `${CLIENT_ID_COOKIE}=${session.data.client_id}`,
    `${ACCESS_TOKEN_COOKIE}=${session.data.access_token}`,
    `${USER_ID_COOKIE}=${parent.id}`,
    ...(child ? [`${CONTACT_COOKIE}=${child.id}`] : []),
  ].join('; ');
  return { tables, parent, cookie };
}

/** The first of a parent's rows of a table that `match` takes. */
function first(tables: Tables, table: string, parent: Row, match: (row: Row) => boolean = () => true): Row {
  const row = tables[table]!.find((r) => r.parent_id === parent.id && match(r));
  if (!row) throw new Error(`no ${table} row for ${String(parent.username)}`);
  return row;
}

interface Visit {
  route: RouteName;
  path: string;
  /** Signed in as this world's parent, or signed out (''). */
  cookie: string;
}

/** The addresses each route is rendered at: every route of the table at least once. */
async function visits(): Promise<Visit[]> {
  const main = await world('default');
  const family = await world('family');
  const unpaid = await world('unpaid-order');
  const refundable = await world('paid-refundable');
  const refunding = await world('refund-in-progress');
  const invoiced = await world('invoice-issued');
  const supply = await world('supply-fee');
  const out = (route: RouteName, path: string, cookie = ''): Visit => ({ route, path, cookie });
  const open = family.tables.classes!.find((c) => c.name === '寒假科学探索营')!;
  const unpaidOrder = first(unpaid.tables, 'orders', unpaid.parent);
  const refundableOrder = first(refundable.tables, 'orders', refundable.parent);
  const invoicedOrders = invoiced.tables.orders!.filter((o) => o.parent_id === invoiced.parent.id);
  const issued = invoicedOrders.find((o) => invoiced.tables.invoices!.some((i) => i.order_id === o.id))!;
  const eligible = invoicedOrders.find((o) => o !== issued)!;
  const center = main.tables.centers![0]!;
  const signUp = first(main.tables, 'signUps', main.parent);
  const child = first(family.tables, 'contacts', family.parent);
  return [
    ...['home', 'brochure', 'paymentNotice', 'faq', 'enquiries', 'feedback', 'search', 'loginClosed'].flatMap((route) => [
      out(route as RouteName, routes[route as RouteName].path),
      out(route as RouteName, routes[route as RouteName].path, main.cookie),
    ]),
    out('faq', '/patriarchFAQ?keyword=%E9%80%80%E8%B4%B9&page=2'),
    out('search', `/searchHome?name=%E5%AF%92%E5%81%87&center=${center.id}`),
    out('classDetails', '/details?id=1'),
    out('classDetails', `/details?id=${open.id}`, family.cookie),
    out('signUp', `/appointment?id=${open.id}`, family.cookie),
    out('orderConfirm', `/settlement?signUpId=${signUp.id}`, main.cookie),
    out('orderPayment', `/collectMoney?orderId=${unpaidOrder.id}`, unpaid.cookie),
    out('supplyFeePayment', `/collectMoneySupply?supplyFeeId=${first(supply.tables, 'supplyFees', supply.parent).id}`, supply.cookie),
    out('paymentResult', `/paymentResult?orderId=${unpaidOrder.id}&status=success`, unpaid.cookie),
    out('paymentResult', `/paymentResult?orderId=${refundableOrder.id}`, refundable.cookie),
    out('payLink', `/payLink?orderId=${unpaidOrder.id}`, unpaid.cookie),
    out('payLink', `/payLink?orderId=${unpaidOrder.id}`),
    out('login', '/login?from=%2Fapply'),
    ...(
      ['personal', 'personalData', 'signUps', 'myClasses', 'orders', 'supplyFees', 'favourites', 'mailingAddress', 'messages', 'children', 'realName', 'phone', 'email', 'wechat', 'password'] as const
    ).map((route) => out(route, routes[route].path, main.cookie)),
    out('signUps', '/personal/classBooking?status=enrolled&page=2', main.cookie),
    out('orders', '/personal/myOrder?status=paid', main.cookie),
    out('supplyFees', '/personal/supplyFee', supply.cookie),
    out('children', `/personal/contacts?edit=${child.id}`, family.cookie),
    out('children', '/personal/contacts?add=1', family.cookie),
    out('pickupPeople', '/personal/accessControl', family.cookie),
    out('refunds', '/personal/refund', refunding.cookie),
    out('refundDetails', `/personal/refundDetails?id=${first(refunding.tables, 'refunds', refunding.parent).id}`, refunding.cookie),
    out('refundRequest', `/personal/refundConfirm?id=${refundableOrder.id}`, refundable.cookie),
    out('orderDetails', `/personal/orderDetails?id=${refundableOrder.id}`, refundable.cookie),
    out('invoices', '/personal/invoiceInfo', invoiced.cookie),
    out('invoices', `/personal/invoiceInfo?id=${issued.id}`, invoiced.cookie),
    out('invoices', `/personal/invoiceInfo?id=${eligible.id}`, invoiced.cookie),
    out('invoiceRequest', `/personal/applyInvoice?id=${eligible.id}`, invoiced.cookie),
  ];
}

describe('each route declares what its page renders with (decision 080)', () => {
  it('every page renders once, asking for no call its route did not declare', async () => {
    const list = await visits();
    expect(new Set(list.map((v) => v.route)), 'a route of the table is rendered nowhere here').toEqual(new Set(Object.keys(routes)));
    const found: string[] = [];
    for (const { route, path, cookie } of list) {
      const page = await renderPage(new Request(`http://portal.test${path}`, { headers: cookie ? { cookie } : {} }), {
        document: shape,
        backendUrl: mock.url,
        accountServiceUrl: '/__mock/account/login',
        dataBudgetMs: 10_000,
      });
      const html = page.body ? await new Response(page.body).text() : '';
      const report = await page.report;
      const who = `${path} ${cookie ? 'signed in' : 'signed out'}`;
      if (!cookie && routes[route].access === 'session') {
        expect(page.status, who).toBe(302);
        continue;
      }
      // No page: the sign-in's start (decision 090, login-route.test.ts), which renders nothing.
      if (route === 'login') {
        expect(page.status, who).toBe(302);
        expect(page.headers.get('location'), who).toMatch(/^http:\/\/portal\.test\/__mock\/account\/login\?service=/);
        continue;
      }
      expect(page.status, `${who}: ${html.slice(0, 200)}`).toBe(200);
      expect(report?.route, who).toBe(route);
      expect(report?.passes, who).toBe(1);
      expect(page.headers.get('server-timing'), who).toMatch(new RegExp(`^route;desc="${route}", head;dur=[\\d.]+(, session;dur=[\\d.]+)?, passes;desc="1"$`));
      expect(report?.errors, `${who}: errors in the render`).toBe(0);
      if (report?.undeclared.length) found.push(`${who}: ${report.undeclared.join('; ')}`);
    }
    expect(found, 'calls rendered without being declared').toEqual([]);
  }, 120_000);
});
