/**
 * The browser mock's own behaviour: the mock account service's login page, ?scenario=, state kept
 * across reloads, the drawn images, the payment websocket and the mock panel.
 */
import { CLIENT_ID_HEADER, MOCK_ACCOUNT_LOGIN_PATH } from '#contract/index';
import { expect, test, waitForMock } from './support/mock.ts';

/** A scenario with parents, classes and an unpaid order (fixtures/scenarios.ts). */
const WITH_ORDER = 'unpaid-order';

test.describe('the mock login page', () => {
  test('lists the fixture parents and returns to a same-origin service with a ticket', async ({ page, scenario, mock }) => {
    await scenario(WITH_ORDER);
    const parents = await mock.parents();
    const main = (await mock.scenarios()).find((s) => s.name === WITH_ORDER)!.main_parent!;
    const parent = parents.find((p) => p.username === main)!;
    expect(parent, `scenario ${WITH_ORDER}'s main parent`).toBeDefined();

    const service = new URL('/?from=login', page.url()).href;
    await page.goto(`${MOCK_ACCOUNT_LOGIN_PATH}?service=${encodeURIComponent(service)}`);
    await expect(page).toHaveTitle('统一身份认证 · 模拟');
    const buttons = page.locator('button[name="username"]');
    await expect(buttons).toHaveCount(parents.length);
    await expect(buttons.first()).toContainText(parent.username);
    await expect(buttons.first()).toContainText(parent.description);

    const back = page.waitForRequest((request) => request.isNavigationRequest() && new URL(request.url()).searchParams.has('ticket'));
    await buttons.first().click();
    const url = new URL((await back).url());
    expect(url.origin).toBe(new URL(service).origin);
    expect(url.pathname).toBe('/');
    expect(url.searchParams.get('from')).toBe('login');
    const ticket = url.searchParams.get('ticket')!;
    expect(ticket).toMatch(/^ST-/);
    await waitForMock(page);
    const { tables } = await mock.state();
    expect(tables.tickets.map((t) => t.ticket)).toContain(ticket);
  });

  test('checks the password form in Chinese', async ({ page, scenario }) => {
    await scenario(WITH_ORDER);
    await page.goto(`${MOCK_ACCOUNT_LOGIN_PATH}?service=%2F`);
    await page.getByLabel('用户名', { exact: true }).fill('nobody');
    await page.getByLabel('密码', { exact: true }).fill('wrong');
    await page.getByRole('button', { name: '登 录' }).click();
    await expect(page.getByRole('alert')).toHaveText('用户名或密码错误');
  });

  test('refuses to send the browser to another origin', async ({ page, scenario, mock }) => {
    await scenario(WITH_ORDER);
    await page.goto(`${MOCK_ACCOUNT_LOGIN_PATH}?service=${encodeURIComponent('https://evil.example.com/steal')}`);
    await expect(page.getByRole('heading', { name: '拒绝跳转' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('拒绝跳转到其他站点');
    await expect(page.locator('button[name="username"]')).toHaveCount(0);
    expect((await mock.state()).tables.tickets).toEqual([]);
  });
});

test.describe('signing in from Playwright', () => {
  test('signInAs goes through the login page and the app takes the ticket', async ({ page, scenario, signInAs, mock, context }) => {
    await scenario(WITH_ORDER);
    await signInAs('lina', '/?after=login');
    const url = new URL(page.url());
    expect(url.searchParams.has('ticket')).toBe(false);
    expect(url.searchParams.get('after')).toBe('login');
    const cookies = await context.cookies();
    const clientId = cookies.find((c) => c.name === 'client_id')?.value;
    expect(clientId).toBeTruthy();
    const { tables } = await mock.state();
    const lina = tables.parents.find((p) => p.username === 'lina')!;
    expect(tables.sessions.find((s) => s.client_id === clientId)?.user_id).toBe(lina.id);
  });

  test('&as= beside ?scenario= signs the parent in within the same load, through a ticket the app validates once', async ({ page, mock, context }) => {
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname);
    });
    await page.goto(`/personal/myOrder?keep=1&scenario=${WITH_ORDER}&latency=0&as=lina`);
    await expect(page.getByRole('heading', { name: '我的订单', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: /李娜/ })).toBeVisible();
    const url = new URL(page.url());
    expect([...url.searchParams.keys()]).toEqual(['keep']);
    expect(documents).toEqual(['/personal/myOrder']);
    const clientId = (await context.cookies()).find((c) => c.name === 'client_id')?.value;
    const { tables } = await mock.state();
    const lina = tables.parents.find((p) => p.username === 'lina')!;
    expect(tables.sessions.find((s) => s.client_id === clientId)?.user_id).toBe(lina.id);
    expect(await mock.verifyRequests({ operation: 'st_validate', count: 1 })).toMatchObject({ ok: true });
  });

  test('&as= without ?scenario= never replaces the session the browser has: it is refused with a word in the console', async ({ page, scenario }) => {
    await scenario(WITH_ORDER);
    const warnings: string[] = [];
    page.on('console', (message) => void (message.type() === 'warning' && warnings.push(message.text())));
    await page.goto('/?as=lina');
    await waitForMock(page);
    await expect(page.getByRole('link', { name: '登录/注册' })).toBeVisible();
    expect(new URL(page.url()).searchParams.has('as')).toBe(false);
    expect(warnings.some((text) => text.includes('as=lina 需与 scenario 一起使用'))).toBe(true);
  });

  test('openWithTicket signs in without the login page', async ({ scenario, openWithTicket, mock, context }) => {
    await scenario(WITH_ORDER);
    await openWithTicket('lina');
    const clientId = (await context.cookies()).find((c) => c.name === 'client_id')?.value;
    expect((await mock.state()).tables.sessions.map((s) => s.client_id)).toContain(clientId);
  });
});

test.describe('?scenario=', () => {
  test('resets to the scenario and cleans the address', async ({ page, mock }) => {
    await page.goto('/?keep=1&scenario=default&seed=5');
    await waitForMock(page);
    await expect.poll(() => page.url()).not.toContain('scenario=');
    expect(page.url()).not.toContain('seed=');
    const { scenario } = await mock.state();
    expect(scenario).toEqual({ name: 'default', seed: 5 });
  });

  test('after a parent signed in, starts the app signed out: no call with the old session, no trip to the login page', async ({ page, scenario, signInAs }) => {
    await scenario('family');
    await signInAs('zhangwei', '/');
    await expect(page.getByRole('button', { name: /张伟/ })).toBeVisible();
    // The signed-in page's own calls are done before the scenario opens.
    await page.waitForLoadState('networkidle');
    const withOldSession: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/children_center/') && request.headers()[CLIENT_ID_HEADER]) withOldSession.push(request.url());
    });
    await scenario('family');
    await expect(page.getByRole('link', { name: '登录/注册' })).toBeVisible();
    // Long enough for the chrome's signed-in calls to have answered and sent the page away.
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe('/');
    expect(withOldSession).toEqual([]);
  });
});

test.describe('the mock state', () => {
  test('survives a reload: clock, faults and tables', async ({ page, scenario, mock }) => {
    await scenario(WITH_ORDER);
    await mock.setNow('2026-10-01T09:00:00+08:00', true);
    await mock.faults({ operation: 'class_detail', status: 500, times: 3 });
    const { ticket } = await mock.login((await mock.parents())[0]!.username);

    await page.reload();
    await waitForMock(page);
    expect(await mock.clock()).toEqual({ now: '2026-10-01T09:00:00+08:00', frozen: true });
    const state = await mock.state();
    expect(state.scenario.name).toBe(WITH_ORDER);
    expect(state.faults).toEqual([expect.objectContaining({ operation: 'class_detail', status: 500, times: 3 })]);
    expect(state.tables.tickets.map((t) => t.ticket)).toContain(ticket);
  });
});

test.describe('uploads', () => {
  test('keep their bytes across a reload, even past localStorage’s few MB', async ({ page, scenario, mock }) => {
    await scenario(WITH_ORDER);
    const { ticket } = await mock.login((await mock.parents())[0]!.username);
    const size = 4 * 1024 * 1024; // as a data: URL (5.6 M characters) more than localStorage holds
    const url = await page.evaluate(
      async ({ ticket, size }) => {
        const api = '/children_center/front/api/';
        const session = await fetch(`${api}st_validate`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ st: ticket, is_small_app: true }) }).then((r) =>
          r.json(),
        );
        const bytes = new Uint8Array(size);
        for (let i = 0; i < size; i++) bytes[i] = i % 251;
        // A PNG's signature first: the mock judges an upload by its bytes.
        bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
        const form = new FormData();
        form.append('file', new Blob([bytes], { type: 'image/png' }), 'photo.png');
        const answer = await fetch(`${api}upload`, { method: 'POST', headers: { client_id: session.data.client_id, Authorization: session.data.access_token }, body: form }).then((r) => r.json());
        return answer.data.url as string;
      },
      { ticket, size },
    );
    expect(url).toMatch(/\.png$/);

    await page.reload();
    await waitForMock(page);
    const served = await page.evaluate(async (url) => {
      const response = await fetch(`/mock-oss/${url}`);
      const bytes = new Uint8Array(await response.arrayBuffer());
      return {
        status: response.status,
        type: response.headers.get('content-type'),
        length: bytes.length,
        sample: [bytes[0], bytes[1000], bytes[bytes.length - 1]],
        saved: localStorage.getItem('__mock:state:v1')!.length,
      };
    }, url);
    expect(served).toMatchObject({ status: 200, type: 'image/png', length: size, sample: [0x89, 1000 % 251, (size - 1) % 251] });
    expect(served.saved).toBeLessThan(1024 * 1024);
  });
});

test.describe('files under /mock-oss/', () => {
  test('are drawn as SVG; unknown ones answer 404', async ({ page, scenario, mock }) => {
    await scenario(WITH_ORDER);
    const { tables } = await mock.state();
    const klass = tables.classes[0];
    expect(klass, 'the scenario has a class').toBeDefined();
    const answer = await page.evaluate(async (cover) => {
      const response = await fetch(`/mock-oss/${cover}`);
      const image = new Image();
      image.src = `/mock-oss/${cover}`;
      await image.decode();
      return { status: response.status, type: response.headers.get('content-type'), text: await response.text(), width: image.naturalWidth };
    }, klass!.cover_url);
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/^image\/svg\+xml/);
    expect(answer.text).toContain(klass!.name.slice(0, 8));
    expect(answer.width).toBeGreaterThan(0);
    expect(await page.evaluate(() => fetch('/mock-oss/class/99999.svg').then((r) => r.status))).toBe(404);
  });
});

test.describe('the payment websocket', () => {
  test('tells a subscribed page its trade’s result', async ({ page, scenario, mock }) => {
    await scenario(WITH_ORDER);
    const { tables } = await mock.state();
    const order = tables.orders.find((o) => o.status === 1);
    expect(order, `scenario ${WITH_ORDER} has an unpaid order`).toBeDefined();
    const parent = tables.parents.find((p) => p.id === order!.parent_id)!;
    const { ticket } = await mock.login(parent.username);

    // As the payment page does: open a session, start paying, subscribe to the trade.
    const tradeNo = await page.evaluate(
      async ({ ticket, orderId }) => {
        const api = '/children_center/front/api/';
        const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
          fetch(api + path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) }).then((r) => r.json());
        const session = await post('st_validate', { st: ticket, is_small_app: true });
        const auth = { client_id: session.data.client_id, Authorization: session.data.access_token };
        const trade = await post('pay_sign_up', { order_id: orderId, pay_type: 1 }, auth);
        return trade.data.trade_no as string;
      },
      { ticket, orderId: order!.id },
    );
    expect(tradeNo).toBeTruthy();

    const message = page.evaluate(
      (tradeNo) =>
        new Promise<unknown>((resolve, reject) => {
          const socket = new WebSocket(`ws://${location.host}/children_center/front/ws/pay`);
          socket.onopen = () => socket.send(JSON.stringify({ trade_no: tradeNo }));
          socket.onmessage = (event) => resolve(JSON.parse(String(event.data)));
          setTimeout(() => reject(new Error('no message in 10 s')), 10_000);
        }),
      tradeNo,
    );
    await page.waitForTimeout(200);
    await mock.settle(tradeNo, 'success');
    expect(await message).toEqual({ type: 'pay_status', trade_no: tradeNo, order_id: order!.id, supply_fee_id: null, status: 2 });
  });
});

test.describe('the mock panel', () => {
  test('sits at the bottom-left, opens and works from the keyboard', async ({ page, scenario }) => {
    await scenario(WITH_ORDER);
    const toggle = page.getByRole('button', { name: /模拟后端/ });
    await expect(toggle).toBeVisible();
    const box = (await toggle.boundingBox())!;
    expect(box.x).toBeLessThan(40);
    expect(box.y + box.height).toBeGreaterThan(800 - 40);

    await toggle.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('region', { name: '模拟后端面板' });
    await expect(panel).toBeVisible();
    const panelBox = (await panel.boundingBox())!;
    expect(panelBox.x + panelBox.width).toBeLessThan(420);

    // Tabs by arrow keys.
    await page.getByRole('tab', { name: '场景' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: '时钟' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('button', { name: '+1天' }).click();
    await expect(panel.getByRole('status')).toContainText('时钟已前进1天');
    await expect(panel.getByRole('button', { name: '刷新页面' })).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(toggle).toBeFocused();
  });

  test('resets the scenario and offers a reload', async ({ page, scenario, mock }) => {
    await scenario(WITH_ORDER);
    await page.getByRole('button', { name: /模拟后端/ }).click();
    await page.getByRole('tab', { name: '场景' }).click();
    await page.getByRole('combobox', { name: '场景' }).selectOption('default');
    await page.getByRole('button', { name: '重置' }).click();
    await expect(page.getByRole('region', { name: '模拟后端面板' }).getByRole('status')).toContainText('已重置为场景「default」');
    expect((await mock.state()).scenario.name).toBe('default');
    await page.getByRole('button', { name: '刷新页面' }).click();
    await waitForMock(page);
    expect((await mock.state()).scenario.name).toBe('default');
  });

  test('injects a fault into a call', async ({ page, scenario, mock }) => {
    await scenario(WITH_ORDER);
    await page.getByRole('button', { name: /模拟后端/ }).click();
    await page.getByRole('tab', { name: '故障' }).click();
    await page.getByLabel('接口 operation').selectOption('global_config');
    await page.getByLabel('HTTP 状态').fill('503');
    await page.getByLabel('次数').fill('2');
    await page.getByRole('button', { name: '注入故障' }).click();
    await expect(page.getByRole('region', { name: '模拟后端面板' }).getByRole('status')).toContainText('已为 global_config 注入故障');
    expect((await mock.state()).faults).toEqual([expect.objectContaining({ operation: 'global_config', status: 503, times: 2 })]);
  });

  test('saves the state as a snapshot file and loads one back, refusing a file that is not one', async ({ page, scenario, mock }, testInfo) => {
    await scenario(WITH_ORDER);
    const before = await mock.state();
    await page.getByRole('button', { name: /模拟后端/ }).click();
    await page.getByRole('tab', { name: '场景' }).click();
    await page.getByLabel('快照名称').fill('qa-unpaid');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '保存为快照文件' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe('qa-unpaid.json');
    const file = testInfo.outputPath('qa-unpaid.json');
    await saved.saveAs(file);

    await mock.reset('default');
    expect((await mock.state()).scenario.name).toBe('default');
    await page.getByLabel('载入快照文件').setInputFiles(file);
    await expect(page.getByRole('region', { name: '模拟后端面板' }).getByRole('status')).toContainText('已载入快照「qa-unpaid」');
    const after = await mock.state();
    expect(after.scenario).toEqual(before.scenario);
    expect(after.tables).toEqual(before.tables);

    await page.getByLabel('载入快照文件').setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{"format": "x"}') });
    await expect(page.getByRole('region', { name: '模拟后端面板' }).getByRole('status')).toContainText('不是本模拟后端的快照文件');
    expect((await mock.state()).tables).toEqual(before.tables);
  });
});

test('a failed update check of the mock worker is no error of the page', async ({ page, scenario }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await scenario('family');
  // MSW checks for a newer worker script on every start and leaves that check's promise to itself.
  // MSW's worker unregisters itself when its last page closes: a reload races that (seen in random walks).
  const failed = await page.evaluate(async () => {
    const registration = (await navigator.serviceWorker.getRegistration())!;
    await registration.unregister();
    void registration.update();
    // A second check, awaited, fails the same way once the first has.
    return registration.update().then(
      () => null,
      (error: Error) => error.message,
    );
  });
  expect(failed).toMatch(/Failed to update a ServiceWorker/);
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
  expect(errors).toEqual([]);
});
