/**
 * The mock panel (the design brief 'Mock control for QA'), shown only in mock mode: a small collapsible
 * panel fixed at the bottom-left corner, in its own React root inside a shadow root (its own
 * styles; the app's CSS cannot reach it, nor its CSS the app).
 *
 * Tabs, each in a file of its own under ./panel/: 场景 (reset to a scenario, latency, spec-only, save the state
 * as a snapshot file and load one), 时钟 (mock now, set, +30分钟/+1小时/+1天, freeze/run), 故障
 * (inject a fault into any contract operation), 支付 (settle waiting trades, auto-pay) and 验证码
 * (latest SMS/mailbox codes and captchas). Changes to the app's data ask the user to refresh the
 * page (刷新页面): the app's caches do not know the mock changed underneath them.
 *
 * Styles are CSS modules: their class names come from the modules, their text (`?inline`) goes
 * into the shadow root, where the page's copy cannot reach.
 */
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { createRoot } from 'react-dom/client';
import type { BrowserMock } from '../control/browser-control.ts';
import { ClockTab } from './panel/clock-tab.tsx';
import clockCss from './panel/clock-tab.module.css?inline';
import { CodesTab } from './panel/codes-tab.tsx';
import codesCss from './panel/codes-tab.module.css?inline';
import { FaultsTab } from './panel/faults-tab.tsx';
import classes from './panel/panel.module.css';
import panelCss from './panel/panel.module.css?inline';
import { PaymentsTab } from './panel/payments-tab.tsx';
import paymentsCss from './panel/payments-tab.module.css?inline';
import { ScenarioTab } from './panel/scenario-tab.tsx';
import { errorText, useMock, type Notice, type TabProps } from './panel/shared.tsx';

const PANEL_CSS = [panelCss, clockCss, paymentsCss, codesCss].join('\n');
const OPEN_KEY = '__mock:panel-open';
const TAB_KEY = '__mock:panel-tab';

type TabId = 'scenario' | 'clock' | 'faults' | 'payments' | 'codes';
const TABS: { id: TabId; label: string }[] = [
  { id: 'scenario', label: '场景' },
  { id: 'clock', label: '时钟' },
  { id: 'faults', label: '故障' },
  { id: 'payments', label: '支付' },
  { id: 'codes', label: '验证码' },
];

function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // private mode: the panel just forgets
  }
}

export function MockPanel({ mock, startCollapsed = false }: { mock: BrowserMock; startCollapsed?: boolean }) {
  const [open, setOpen] = useState(() => !startCollapsed && readStorage(OPEN_KEY) === '1');
  const [tab, setTab] = useState<TabId>(() => (TABS.some((t) => t.id === readStorage(TAB_KEY)) ? (readStorage(TAB_KEY) as TabId) : 'scenario'));
  const [notice, setNotice] = useState<Notice | null>(mock.notice ? { text: mock.notice, tone: 'error' } : null);
  const [busy, setBusy] = useState(false);
  useMock(mock, open);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const tabRefs = useRef(new Map<TabId, HTMLButtonElement>());
  const ids = useId();

  const setOpenStored = (value: boolean) => {
    setOpen(value);
    writeStorage(OPEN_KEY, value ? '1' : '0');
    if (!value) queueMicrotask(() => toggleRef.current?.focus());
  };
  const choose = (id: TabId) => {
    setTab(id);
    writeStorage(TAB_KEY, id);
    tabRefs.current.get(id)?.focus();
  };
  const onTabKey = (event: KeyboardEvent) => {
    const index = TABS.findIndex((t) => t.id === tab);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: TABS.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    choose(TABS[(next + TABS.length) % TABS.length]!.id);
  };
  const act: TabProps['act'] = async (run) => {
    setBusy(true);
    try {
      setNotice(await run());
    } catch (error) {
      setNotice({ text: errorText(error), tone: 'error' });
    } finally {
      setBusy(false);
    }
  };

  if (!open) {
    return (
      <button ref={toggleRef} type="button" className={classes.toggle} aria-expanded="false" aria-controls={`${ids}panel`} onClick={() => setOpenStored(true)}>
        <span className={classes.dot} aria-hidden="true" />
        模拟后端 · {mock.state.scenario.name}
      </button>
    );
  }

  const props: TabProps = { mock, act };
  return (
    // Esc closes the panel from anywhere inside it.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <section
      id={`${ids}panel`}
      className={classes.panel}
      aria-label="模拟后端面板"
      aria-busy={busy}
      onKeyDown={(e) => {
        if (e.key === 'Escape') setOpenStored(false);
      }}
    >
      <header>
        <span className={classes.dot} aria-hidden="true" />
        <h2>模拟后端</h2>
        <span className={`${classes.muted} ${classes.small}`}>{mock.state.scenario.name}</span>
        <button type="button" className={`${classes.mini} ${classes.close}`} aria-expanded="true" aria-controls={`${ids}panel`} onClick={() => setOpenStored(false)}>
          收起
        </button>
      </header>
      <div role="tablist" aria-label="模拟后端功能" className={classes.tabs} tabIndex={-1} onKeyDown={onTabKey}>
        {TABS.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              if (el) tabRefs.current.set(t.id, el);
            }}
            type="button"
            role="tab"
            id={`${ids}tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`${ids}tabpanel`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => choose(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${ids}tabpanel`} aria-labelledby={`${ids}tab-${tab}`} className={classes.content}>
        {tab === 'scenario' && <ScenarioTab {...props} />}
        {tab === 'clock' && <ClockTab {...props} />}
        {tab === 'faults' && <FaultsTab {...props} />}
        {tab === 'payments' && <PaymentsTab {...props} />}
        {tab === 'codes' && <CodesTab {...props} />}
      </div>
      <footer>
        <div role="status" className={notice ? `${classes.notice} ${classes[notice.tone]}` : classes.notice}>
          {notice?.text}
          {notice?.reload && <span> 点击「刷新页面」查看变化。</span>}
        </div>
        <div className={classes.row}>
          <button type="button" className={notice?.reload ? classes.primary : ''} onClick={() => window.location.reload()}>
            刷新页面
          </button>
          <span className={`${classes.muted} ${classes.small} ${classes.grow}`} title={mock.persistence.error ?? undefined}>
            {mock.persistence.error ? '⚠ 数据未能保存' : `已保存 ${Math.max(1, Math.round(mock.persistence.bytes / 1024))} KB`}
          </span>
        </div>
      </footer>
    </section>
  );
}

/**
 * Mounts the panel in its own DOM node and shadow root, at the end of <body>. It opens as the user
 * left it, unless `startCollapsed` (the mock login page, which it would cover).
 */
export function mountPanel(mock: BrowserMock, options: { startCollapsed?: boolean } = {}): () => void {
  const host = document.createElement('div');
  host.id = 'cc-mock-panel';
  host.dataset.mock = 'panel';
  document.body.append(host);
  const shadow = host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = PANEL_CSS;
  const container = document.createElement('div');
  container.className = classes.root!;
  shadow.append(style, container);
  const root = createRoot(container);
  root.render(<MockPanel mock={mock} startCollapsed={options.startCollapsed} />);
  return () => {
    root.unmount();
    host.remove();
  };
}
