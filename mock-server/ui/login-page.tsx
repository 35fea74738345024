/**
 * The mock account service's login page (the design brief 'The account service'), at
 * ACCOUNT_LOGIN_PATH?service=<address>: the fixture parents as buttons, plus a username/password
 * form. Choosing issues a service ticket and returns to the service address with `ticket=ST…`,
 * only when that address is on this origin (no open redirect).
 *
 * One component, two hosts: in the browser (mock mode) `mountLoginPage` renders it with React and
 * handles the forms in the page; the HTTP server renders the same markup to HTML
 * (mock-server/http/login-page.ts) and the forms POST to it.
 */
import { Fragment, useEffect, useState, type FormEvent } from 'react';
import { createRoot } from 'react-dom/client';
import type { BrowserMock, ParentSummary } from '../control/browser-control.ts';
import { ACCOUNT_LOGIN_PATH, SERVICE_PARAM } from '../core/config.ts';
import { listScenarios } from '../control/operations.ts';
import { checkPassword, resolveService, withTicket, type ServiceTarget } from './service.ts';

/** The usual parent of a scenario (fixtures/scenarios.ts), if any. */
export function mainParentOf(scenario: string): string | null {
  return listScenarios().find((s) => s.name === scenario)?.main_parent ?? null;
}

export const LOGIN_PAGE_TITLE = '统一身份认证 · 模拟';

export interface LoginPageProps {
  parents: readonly ParentSummary[];
  /** The service parameter as given ('' or null: the portal's home page). */
  service: string | null;
  target: ServiceTarget;
  error?: string | null;
  /** Prefills the username field (after a failed password attempt). */
  username?: string;
  /** The scenario the parents come from, shown as a hint. */
  scenario?: string;
  /** The scenario's usual parent: listed first and marked. */
  mainParent?: string | null;
  busy?: boolean;
  /** Browser host: handle the forms in the page instead of posting them. */
  onPick?: (username: string) => void;
  onPassword?: (username: string, password: string) => void;
}

/** The scenario's main parent first, then the others, then the background families. */
const isBackground = (p: { description: string }) => p.description.startsWith('背景');

export function orderParents<P extends { username: string; description: string }>(parents: readonly P[], mainParent: string | null): P[] {
  const rank = (p: P) => (p.username === mainParent ? 0 : isBackground(p) ? 2 : 1);
  return [...parents].sort((a, b) => rank(a) - rank(b));
}

/** Where the forms post (the HTTP server's host), keeping the service parameter. */
function formAction(service: string | null): string {
  return service ? `${ACCOUNT_LOGIN_PATH}?${SERVICE_PARAM}=${encodeURIComponent(service)}` : ACCOUNT_LOGIN_PATH;
}

function Header() {
  return (
    <header className="acc-top">
      <div className="acc-top-inner">
        <span className="acc-logo" aria-hidden="true">
          证
        </span>
        <div>
          <div className="acc-title">统一身份认证</div>
          <div className="acc-sub">少年儿童活动中心 · 模拟账号服务（仅用于开发与测试）</div>
        </div>
        <span className="acc-badge">模拟</span>
      </div>
    </header>
  );
}

function Refusal({ target }: { target: Extract<ServiceTarget, { ok: false }> }) {
  return (
    <main className="acc-main">
      <section className="acc-card acc-refuse" aria-labelledby="acc-refuse-title">
        <h1 id="acc-refuse-title">拒绝跳转</h1>
        <p role="alert">{target.reason}</p>
        <p className="acc-muted">
          请求的回跳地址：<code>{target.service}</code>
        </p>
        <p className="acc-muted">为防止开放重定向，模拟认证服务只会把浏览器送回本站的地址，不会带着登录票据跳转到其他站点。</p>
        <a className="acc-button" href="/">
          返回门户首页
        </a>
      </section>
    </main>
  );
}

export function LoginPage(props: LoginPageProps) {
  const { service, target, error, scenario, mainParent = null, busy = false, onPick, onPassword } = props;
  const parents = orderParents(props.parents, mainParent);
  const [username, setUsername] = useState(props.username ?? '');
  const [password, setPassword] = useState('');
  if (!target.ok) {
    return (
      <div className="acc-page">
        <Header />
        <Refusal target={target} />
      </div>
    );
  }

  const pick = (event: FormEvent<HTMLFormElement>) => {
    if (!onPick) return;
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.value) onPick(submitter.value);
  };
  const submitPassword = (event: FormEvent<HTMLFormElement>) => {
    if (!onPassword) return;
    event.preventDefault();
    onPassword(username, password);
  };
  const action = formAction(service);

  return (
    <div className="acc-page">
      <Header />
      <main className="acc-main">
        <div className="acc-card acc-login">
          <section className="acc-parents" aria-labelledby="acc-parents-title">
            <h1 id="acc-parents-title">选择测试家长登录</h1>
            <p className="acc-muted">{scenario ? `当前场景「${scenario}」中的家长。` : ''}点击即以该家长身份登录，无需密码。</p>
            {parents.length === 0 ? (
              <p className="acc-empty">当前场景没有家长账号。可在左下角的模拟面板中切换场景。</p>
            ) : (
              <form method="post" action={action} onSubmit={pick} className="acc-parent-list">
                <input type="hidden" name="mode" value="pick" />
                {parents.map((p, i) => {
                  const background = isBackground(p);
                  const firstBackground = background && (i === 0 || !isBackground(parents[i - 1]!));
                  return (
                    <Fragment key={p.username}>
                      {firstBackground && <p className="acc-group">背景家庭（占用名额的其他家长，一般无需登录）</p>}
                      <button type="submit" name="username" value={p.username} className={background ? 'acc-parent acc-minor' : 'acc-parent'} disabled={busy}>
                        <span className="acc-avatar" aria-hidden="true">
                          {[...(p.real_name ?? p.username)][0]}
                        </span>
                        <span className="acc-parent-text">
                          <span className="acc-parent-name">
                            {p.real_name ?? '（未实名）'} <span className="acc-username">{p.username}</span>
                            {p.username === mainParent && <span className="acc-main-tag">本场景主账号</span>}
                          </span>
                          <span className="acc-parent-desc">{p.description}</span>
                        </span>
                      </button>
                    </Fragment>
                  );
                })}
              </form>
            )}
          </section>
          <section className="acc-password" aria-labelledby="acc-password-title">
            <h2 id="acc-password-title">账号密码登录</h2>
            <form method="post" action={action} onSubmit={submitPassword} noValidate>
              <input type="hidden" name="mode" value="password" />
              <label className="acc-field">
                <span>用户名</span>
                <input name="username" autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} placeholder={mainParent ? `如 ${mainParent}` : '用户名'} />
              </label>
              <label className="acc-field">
                <span>密码</span>
                <input name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} placeholder="请输入密码" />
              </label>
              <p className="acc-error" role="alert">
                {error ?? ''}
              </p>
              <button type="submit" className="acc-button acc-wide" disabled={busy}>
                {busy ? '登录中…' : '登 录'}
              </button>
            </form>
            <p className="acc-muted acc-hint">测试家长的密码一般为 Passw0rd（fixtures/factories.ts）；未设置密码的账号请在左侧直接选择。</p>
            <p className="acc-muted acc-return">
              登录后返回：<code>{target.url.pathname + target.url.search + target.url.hash}</code>
            </p>
          </section>
        </div>
      </main>
    </div>
  );
}

export const LOGIN_PAGE_CSS = `
.acc-page{min-height:100vh;margin:0;background:#f3f7f4;color:#1f2d24;font:14px/1.6 -apple-system,BlinkMacSystemFont,'PingFang SC','Noto Sans CJK SC','Microsoft YaHei',sans-serif}
.acc-page *{box-sizing:border-box}
.acc-top{background:#14783d;color:#fff}
.acc-top-inner{max-width:960px;margin:0 auto;padding:14px 24px;display:flex;align-items:center;gap:14px}
.acc-logo{width:40px;height:40px;border-radius:10px;background:#fff;color:#14783d;display:grid;place-items:center;font-weight:700;font-size:20px}
.acc-title{font-size:20px;font-weight:700;letter-spacing:2px}
.acc-sub{font-size:13px}
.acc-badge{margin-left:auto;border:1px solid rgba(255,255,255,.7);border-radius:999px;padding:2px 12px;font-size:12px}
.acc-main{max-width:960px;margin:40px auto;padding:0 24px}
.acc-card{background:#fff;border-radius:12px;box-shadow:0 6px 24px rgba(20,60,35,.08);border:1px solid #e1ece5}
.acc-login{display:grid;grid-template-columns:minmax(0,1.25fr) minmax(0,1fr)}
.acc-parents{padding:28px 28px 24px;border-right:1px solid #e8f0ea}
.acc-password{padding:28px}
.acc-page h1{font-size:18px;margin:0 0 4px}
.acc-page h2{font-size:18px;margin:0 0 16px}
.acc-muted{color:#56675c;font-size:13px;margin:0 0 12px}
.acc-parent-list{display:flex;flex-direction:column;gap:10px;max-height:460px;overflow:auto;padding:2px}
.acc-parent{display:flex;align-items:center;gap:12px;width:100%;text-align:left;padding:10px 14px;border:1px solid #d8e6dc;border-radius:10px;background:#fbfdfb;cursor:pointer;font:inherit;color:inherit}
.acc-parent:hover{border-color:#14783d;background:#f0f8f3}
.acc-parent:focus-visible,.acc-button:focus-visible,.acc-field input:focus-visible{outline:3px solid #8fd3a9;outline-offset:1px}
.acc-parent:disabled{opacity:.6;cursor:wait}
.acc-avatar{flex:none;width:38px;height:38px;border-radius:50%;background:#14783d;color:#fff;display:grid;place-items:center;font-weight:700}
.acc-parent-text{display:flex;flex-direction:column;min-width:0}
.acc-parent-name{font-weight:600}
.acc-username{font-weight:400;color:#56675c;font-family:ui-monospace,Menlo,monospace;font-size:12px;margin-left:4px}
.acc-main-tag{margin-left:8px;font-size:12px;font-weight:400;color:#14783d;border:1px solid #9fd4b3;border-radius:999px;padding:0 8px}
.acc-group{margin:8px 0 0;font-size:12px;color:#56675c}
.acc-minor{padding:6px 14px}
.acc-minor .acc-avatar{width:30px;height:30px;background:#8aa796;font-size:13px}
.acc-parent-desc{color:#55665b;font-size:13px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.acc-empty{padding:16px;border:1px dashed #c9dccf;border-radius:10px;color:#56675c}
.acc-field{display:flex;flex-direction:column;gap:6px;margin-bottom:14px}
.acc-field span{font-size:13px;color:#3c4e42}
.acc-field input{height:40px;border:1px solid #cfdcd3;border-radius:8px;padding:0 12px;font:inherit}
.acc-field input:focus{border-color:#14783d;outline:none}
.acc-error{min-height:22px;margin:0 0 10px;color:#c8323a;font-size:13px}
.acc-button{display:inline-block;font:inherit;font-size:15px;height:40px;line-height:40px;padding:0 22px;border:0;border-radius:8px;background:#14783d;color:#fff;cursor:pointer;text-decoration:none;text-align:center}
.acc-button:hover{background:#10632f}
.acc-button:disabled{opacity:.6;cursor:wait}
.acc-wide{width:100%}
.acc-hint{margin-top:14px}
.acc-return code,.acc-refuse code{word-break:break-all;background:#f1f5f2;padding:1px 6px;border-radius:4px;font-size:12px}
.acc-refuse{padding:32px 36px;max-width:640px;margin:0 auto}
.acc-refuse h1{color:#c8323a;font-size:20px;margin-bottom:12px}
.acc-refuse p[role=alert]{font-size:15px;margin:0 0 12px}
@media (max-width:599.98px){.acc-main{margin:16px auto;padding:0 12px}.acc-login{grid-template-columns:minmax(0,1fr)}.acc-parents{border-right:0;border-bottom:1px solid #e8f0ea}.acc-parents,.acc-password{padding:20px 16px}.acc-field input,.acc-button{height:44px;line-height:44px}.acc-badge{display:none}}
`;

/** Browser host: renders the page into the container and handles its forms. */
export function mountLoginPage(mock: BrowserMock, container: HTMLElement): void {
  document.title = LOGIN_PAGE_TITLE;
  const style = document.createElement('style');
  style.dataset.mock = 'login-page';
  style.textContent = `${LOGIN_PAGE_CSS}\nbody{margin:0}`;
  document.head.append(style);

  const service = new URLSearchParams(window.location.search).get(SERVICE_PARAM);
  const target = resolveService(service, window.location.origin);

  function Page() {
    const [error, setError] = useState<string | null>(null);
    const [busy, setBusy] = useState(false);
    // A reset from the mock panel changes who is listed.
    const [, setVersion] = useState(0);
    useEffect(() => mock.subscribe(() => setVersion((v) => v + 1)), []);
    const parents = mock.state.db.parents.all();

    const signIn = async (username: string) => {
      if (!target.ok) return;
      setBusy(true);
      try {
        const { ticket } = await mock.control.login(username);
        window.location.assign(withTicket(target.url, ticket));
      } catch (e) {
        setError(e instanceof Error ? e.message : String(e));
        setBusy(false);
      }
    };

    return (
      <LoginPage
        parents={parents.map((p) => ({ username: p.username, real_name: p.real_name, phone: p.phone, description: p.description }))}
        service={service}
        target={target}
        error={error}
        scenario={mock.state.scenario.name}
        mainParent={mainParentOf(mock.state.scenario.name)}
        busy={busy}
        onPick={(username) => void signIn(username)}
        onPassword={(username, password) => {
          const problem = checkPassword(parents, username, password);
          if (problem) setError(problem);
          else void signIn(username.trim());
        }}
      />
    );
  }

  createRoot(container).render(<Page />);
}
