import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../lib/browser.ts';
import { clearChild } from '../stores/child-store.ts';
import { clearSession, signIn } from '../stores/session-store.ts';
import { resetToastStore, toastStore } from '../stores/toast-store.ts';
import { fail, http, ok, server } from '../test/api-server.ts';
import { chromeHandlers, chromeUrl } from '../test/chrome-data.ts';
import { renderApp } from '../test/render-app.tsx';


let assign: ReturnType<typeof vi.spyOn>;
let reload: ReturnType<typeof vi.spyOn>;
// These tests are about the frame; the pages' own calls answer 503 so their bodies show their
// error states and the chrome is what is under test.
const pageBodiesOutOfScope = http.all(chromeUrl('*'), () => fail(503, 500000, '不在本测试范围'));

beforeEach(() => {
  server.use(...chromeHandlers(), pageBodiesOutOfScope);
  assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
  reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
});
afterEach(() => {
  clearSession();
  clearChild();
  localStorage.clear();
  sessionStorage.clear();
  resetToastStore();
  vi.restoreAllMocks();
});

const signedIn = () => signIn({ clientId: 'c-1', accessToken: 't-1', userId: 42 });

describe('the chrome, signed out', () => {
  it('offers 登录/注册, which goes to the account service with this page as service', async () => {
    renderApp('/searchHome?name=钢琴');
    await userEvent.click(await screen.findByRole('button', { name: '登录/注册' }));
    const target = new URL(assign.mock.calls[0]![0] as string);
    expect(target.pathname).toBe('/__mock/account/login');
    expect(target.searchParams.get('service')).toBe(`${location.origin}/searchHome?name=${encodeURIComponent('钢琴')}`);
  });

  it('shows the nav, the search box and the categories with two specialties inline', async () => {
    renderApp('/apply');
    const nav = await screen.findByRole('navigation', { name: '主导航' });
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual(['首页', '招生简章', '缴费须知', '家长问答', '招生咨询', '意见反馈']);
    expect(screen.getByPlaceholderText('请输入课程名称搜索')).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: '课程分类' });
    expect(within(menu).getByRole('link', { name: '美术' })).toHaveAttribute('href', '/searchHome?center=1');
    expect(within(menu).getByRole('link', { name: '儿童画' })).toHaveAttribute('href', '/searchHome?specialty=11&center=1');
    expect(within(menu).queryByRole('link', { name: '书法' })).toBeNull();
    const long = within(menu).getByRole('link', { name: '超长名称的科技创新与人工智能启蒙' });
    expect(long).toHaveAttribute('title', '超长名称的科技创新与人工智能启蒙');
  });

  it('hovering a category shows all its specialties', async () => {
    renderApp('/apply');
    const menu = await screen.findByRole('navigation', { name: '课程分类' });
    fireEvent.mouseEnter(within(menu).getByRole('link', { name: '美术' }).closest('li')!);
    const panel = within(menu).getByLabelText('美术的专业');
    expect(within(panel).getByRole('link', { name: '书法' })).toHaveAttribute('href', '/searchHome?specialty=13&center=1');
  });

  it('searching goes to /searchHome?name=', async () => {
    const app = renderApp('/apply');
    await userEvent.type(await screen.findByRole('searchbox', { name: '课程名称' }), '国画{Enter}');
    await waitFor(() => expect(app.location()).toBe(`/searchHome?name=${encodeURIComponent('国画')}`));
  });

  it('turns the header compact after 150 px of scroll', async () => {
    renderApp('/apply');
    const header = await screen.findByRole('banner');
    expect(header).toHaveAttribute('data-compact', 'false');
    await act(async () => {
      Object.defineProperty(window, 'scrollY', { value: 151, configurable: true });
      window.dispatchEvent(new Event('scroll'));
    });
    expect(header).toHaveAttribute('data-compact', 'true');
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });

  it('shows the consultation phone and the QR codes in the side tool', async () => {
    renderApp('/');
    const tool = await screen.findByRole('complementary', { name: '快捷工具' });
    expect(await within(tool).findByText('010-6616 2026')).toBeInTheDocument();
    expect(await within(tool).findByRole('img', { name: 'APP下载二维码' })).toHaveAttribute('src', expect.stringMatching(/^data:image\/png/));
    expect(within(tool).getByRole('link', { name: /官方微博/ })).toHaveAttribute('href', 'https://weibo.example.org/cc');
  });
});

describe('guards and the address', () => {
  it.each(['/personal/myOrder', '/appointment?id=3', '/settlement', '/collectMoney', '/collectMoneySupply', '/paymentResult'])('%s without the client_id cookie goes home', async (path) => {
    const app = renderApp(path);
    await waitFor(() => expect(app.location()).toBe('/'));
  });

  it('a signed-in parent reaches the personal pages, with the side menu', async () => {
    signedIn();
    const app = renderApp('/personal/myOrder');
    expect(await screen.findByRole('heading', { name: '我的订单' })).toBeInTheDocument();
    expect(app.location()).toBe('/personal/myOrder');
    expect(within(screen.getByRole('navigation', { name: '个人中心' })).getByRole('link', { name: '我的订单' })).toHaveAttribute('aria-current', 'page');
  });

  it('hides the search box on the pages of a payment', async () => {
    signedIn();
    renderApp('/collectMoney?id=1');
    await screen.findByRole('heading', { name: '订单支付' });
    expect(screen.queryByRole('search')).toBeNull();
  });

  it('validates a ticket in the address, stores the session and drops the ticket', async () => {
    let body: unknown;
    server.use(http.post(chromeUrl('st_validate'), async ({ request }) => {
      body = await request.json();
      return ok({ client_id: 'c-9', access_token: 't-9', user_id: 42, username: 'zhangwei', expires_in: 7200 });
    }));
    const app = renderApp('/details?id=3&ticket=ST-1');
    await waitFor(() => expect(app.location()).toBe('/details?id=3'));
    expect(body).toEqual({ st: 'ST-1', is_small_app: true });
    expect(Cookies.get('client_id')).toBe('c-9');
    expect(Cookies.get('access_token')).toBe('t-9');
    expect(await screen.findByText('张伟')).toBeInTheDocument();
  });

  it('a ticket that fails is only logged: no message, still signed out', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    server.use(http.post(chromeUrl('st_validate'), () => fail(400, 100101, '登录票据无效或已使用')));
    const app = renderApp('/?ticket=ST-old');
    await waitFor(() => expect(app.location()).toBe('/'));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('ticket validation failed'));
    expect(await screen.findByRole('button', { name: '登录/注册' })).toBeInTheDocument();
    // No toast and no page message about the ticket (the page body's own states are not this test's).
    expect(toastStore.toasts).toEqual([]);
    expect(app.ports.toastError).not.toHaveBeenCalledWith('登录票据无效或已使用');
    expect(screen.queryByText(/票据/)).toBeNull();
  });

  it('a username in the address that differs clears storage (but the mock’s) and goes home', async () => {
    signedIn();
    localStorage.setItem('username', 'zhangwei');
    localStorage.setItem('draft', 'x');
    localStorage.setItem('__mock-state', 'kept');
    sessionStorage.setItem('s', 'x');
    const app = renderApp('/details?id=3&username=lina');
    await waitFor(() => expect(app.location()).toBe('/'));
    expect(localStorage.getItem('draft')).toBeNull();
    expect(localStorage.getItem('username')).toBeNull();
    expect(sessionStorage.getItem('s')).toBeNull();
    expect(localStorage.getItem('__mock-state')).toBe('kept');
    expect(Cookies.get('client_id')).toBeUndefined();
  });

  it('the same username changes nothing', async () => {
    localStorage.setItem('username', 'zhangwei');
    const app = renderApp('/details?id=3&username=zhangwei');
    await screen.findByRole('heading', { name: '课程详情' });
    expect(app.location()).toBe('/details?id=3&username=zhangwei');
    expect(localStorage.getItem('username')).toBe('zhangwei');
  });

  it('shows the 404 page for an unknown address', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByText('This page could not be found')).toBeInTheDocument();
    expect(screen.getByText('抱歉，您访问的页面不存在或已被移除。')).toBeInTheDocument();
  });
});

describe('the chrome, signed in', () => {
  it('shows the display name, the unread count and the menu', async () => {
    signedIn();
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: /张伟/ }));
    const menu = screen.getByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: '个人中心' })).toHaveAttribute('href', '/personal/personalData');
    expect(within(menu).getByRole('menuitem', { name: /消息通知/ })).toHaveTextContent('3');
    expect(within(menu).getByRole('menuitem', { name: '退出登录' })).toBeInTheDocument();
  });

  it.each([
    [{ real_name: null, phone: '139****1111' }, '139****1111'],
    [{ real_name: null, phone: null }, '42'],
  ])('falls back from real_name to phone to id (%o)', async (patch, shown) => {
    server.use(http.get(chromeUrl('personal_data'), () => ok({ user_info: { ...userInfoBase, ...patch } })));
    signedIn();
    renderApp('/');
    expect(await screen.findByText(shown)).toBeInTheDocument();
  });

  it('logs out: calls logout, forgets the session and goes home with a full reload', async () => {
    let body: unknown;
    server.use(http.post(chromeUrl('logout'), async ({ request }) => ((body = await request.json()), ok(null, '已安全退出'))));
    signedIn();
    localStorage.setItem('username', 'zhangwei');
    renderApp('/apply');
    await userEvent.click(await screen.findByRole('button', { name: /张伟/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: '退出登录' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(body).toEqual({ access_token: 't-1', client_id: 'c-1' });
    expect(Cookies.get('client_id')).toBeUndefined();
    expect(Cookies.get('access_token')).toBeUndefined();
    expect(localStorage.getItem('username')).toBeNull();
    // The msg waits for the reloaded page.
    expect(JSON.parse(sessionStorage.getItem('flash-toast')!)).toEqual({ kind: 'succeed', message: '已安全退出' });
  });

  it('after the reload the logout msg shows as a success toast', async () => {
    sessionStorage.setItem('flash-toast', JSON.stringify({ kind: 'succeed', message: '已安全退出' }));
    renderApp('/');
    expect(await screen.findByRole('status', { name: '' })).toBeDefined();
    expect(await screen.findByText('已安全退出')).toBeInTheDocument();
  });
});

describe('the child selector', () => {
  it('lists passed children under its placeholder, keeps the choice in a cookie and reloads', async () => {
    signedIn();
    renderApp('/');
    const trigger = await screen.findByRole('button', { name: '请选择宝宝' });
    await userEvent.click(trigger);
    const group = await screen.findByRole('radiogroup', { name: '选择宝宝' });
    expect(within(group).getAllByRole('radio')).toHaveLength(2);
    expect(screen.getByRole('link', { name: '添加宝宝' })).toHaveAttribute('href', '/personal/contacts');
    await userEvent.click(within(group).getByLabelText(/张小红/));
    expect(Cookies.get('contact_id')).toBe('6');
    expect(reload).toHaveBeenCalledOnce();
  });

  it('shows the chosen child and closes on a second click', async () => {
    signedIn();
    Cookies.set('contact_id', '5');
    const { resetChildStore } = await import('../stores/child-store.ts');
    resetChildStore();
    renderApp('/');
    const trigger = await screen.findByRole('button', { name: '张小明' });
    await userEvent.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it('clears the stored choice when the parent has no children', async () => {
    server.use(http.get(chromeUrl('contact_information'), () => ok({ list: [], total: 0, page: 1, page_size: 100 })));
    signedIn();
    Cookies.set('contact_id', '5');
    const { resetChildStore } = await import('../stores/child-store.ts');
    resetChildStore();
    renderApp('/');
    await waitFor(() => expect(Cookies.get('contact_id')).toBeUndefined());
    expect(await screen.findByRole('button', { name: '请选择宝宝' })).toBeInTheDocument();
  });
});

const userInfoBase = { id: 42, url: null, real_name: '张伟', phone: '138****0000', username: 'zhangwei', mailbox: null, real_name_status: 2, has_password: true, wechat_bound: false };
