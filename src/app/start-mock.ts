/**
 * Starts the mock backend in mock mode (VITE_BACKEND=mock: `npm start`, the demo build). The one
 * module of src/ that may reach mock-server/, and only through dynamic import(), so the mock (MSW,
 * @msw/data, faker, fixtures) lands in its own chunk and never in a 'real' build.
 *
 * On the mock account service's address (ACCOUNT_LOGIN_PATH) it renders the mock login page
 * instead of the app and answers 'handled'; everywhere else it mounts the mock panel and answers
 * 'app'. If the mock cannot start, it says so in the console and lets the app render anyway.
 */
import { MOCK_ACCOUNT_LOGIN_PATH } from '#contract/account-service';

export async function startMock(): Promise<'app' | 'handled'> {
  try {
    const [{ startBrowserMock }, { mountPanel }] = await Promise.all([import('../../mock-server/browser.ts'), import('../../mock-server/ui/panel.tsx')]);
    const mock = await startBrowserMock();
    if (window.location.pathname === MOCK_ACCOUNT_LOGIN_PATH) {
      const { mountLoginPage } = await import('../../mock-server/ui/login-page.tsx');
      const container = document.getElementById('root') ?? document.body.appendChild(document.createElement('div'));
      mountLoginPage(mock, container);
      mountPanel(mock, { startCollapsed: true });
      return 'handled';
    }
    mountPanel(mock);
    return 'app';
  } catch (error) {
    console.error('[mock] 模拟后端启动失败，页面的接口请求将无人应答：', error);
    return 'app';
  }
}

/**
 * Under `npm start` the mock runs in the dev server (scripts/dev-server.ts): `window.__mock` sends
 * each call to its /__mock/ control routes, in this browser's world; its panel is at /__mock/ui.
 */
export async function connectServerMock(): Promise<void> {
  const { httpMockControl } = await import('../../mock-server/control/http-control.ts');
  // Its snapshots are the server's, by name (http-control.ts): not the browser mock's type.
  Object.assign(window, { __mock: httpMockControl() });
}
