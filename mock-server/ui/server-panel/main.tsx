/**
 * The standalone server's panel (`npm run mock:serve`, at /__mock/ui): a page of its own that works
 * in one world at a time (chosen at the top, kept in localStorage) over the /__mock/ control API,
 * with the browser panel's controls and styles. Tabs: 世界, 请求 (the journal, live), 故障, 时钟, 支付
 * (waiting trades, auto-pay), 设置 (latency, spec-only, hostile links, the journal's size), 快照.
 * Built by the server itself on first use (mock-server/http/panel-page.ts).
 */
import { StrictMode, useState, type KeyboardEvent } from 'react';
import { createRoot } from 'react-dom/client';
import { MOCK_WORLD_HEADER, mockWorldNameProblem } from '#contract/mock-address';
import classes from '../panel/panel.module.css';
import { WORLD_KEY, errorText } from './api.ts';
import { ServerClockTab } from './clock-tab.tsx';
import { ServerFaultsTab } from './faults-tab.tsx';
import { ServerPaymentsTab } from './payments-tab.tsx';
import { RequestsTab } from './requests-tab.tsx';
import own from './server-panel.module.css';
import { ServerSettingsTab } from './settings-tab.tsx';
import { SnapshotsTab } from './snapshots-tab.tsx';
import type { Notice, PanelTabProps } from './tabs.ts';
import { WorldsTab } from './worlds-tab.tsx';

const TABS = [
  { id: 'worlds', label: '世界', Tab: WorldsTab },
  { id: 'requests', label: '请求', Tab: RequestsTab },
  { id: 'faults', label: '故障', Tab: ServerFaultsTab },
  { id: 'clock', label: '时钟', Tab: ServerClockTab },
  { id: 'payments', label: '支付', Tab: ServerPaymentsTab },
  { id: 'settings', label: '设置', Tab: ServerSettingsTab },
  { id: 'snapshots', label: '快照', Tab: SnapshotsTab },
] as const;
type TabId = (typeof TABS)[number]['id'];

function Panel() {
  const [world, setWorld] = useState(() => new URLSearchParams(location.search).get('world') ?? localStorage.getItem(WORLD_KEY) ?? 'default');
  const [typed, setTyped] = useState(world);
  const [tab, setTab] = useState<TabId>('requests');
  const [notice, setNotice] = useState<Notice | null>(null);
  const enter = (name: string) => {
    const problem = mockWorldNameProblem(name);
    if (problem) return setNotice({ text: problem, tone: 'error' });
    localStorage.setItem(WORLD_KEY, name);
    setWorld(name);
    setTyped(name);
    setNotice({ text: `现在操作世界「${name}」。`, tone: 'ok' });
  };
  const act: PanelTabProps['act'] = async (run) => {
    try {
      setNotice(await run());
    } catch (error) {
      setNotice({ text: errorText(error), tone: 'error' });
    }
  };
  const onTabKey = (event: KeyboardEvent) => {
    const index = TABS.findIndex((t) => t.id === tab);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1 }[event.key];
    if (next !== undefined) setTab(TABS[(next + TABS.length) % TABS.length]!.id);
  };
  const Current = TABS.find((t) => t.id === tab)!.Tab;

  return (
    <div className={`${classes.root} ${own.page}`}>
      <header className={own.top}>
        <span className={classes.dot} aria-hidden="true" />
        <h1>模拟后端 · 控制台</h1>
        <form
          className={classes.row}
          onSubmit={(e) => {
            e.preventDefault();
            enter(typed.trim());
          }}
        >
          <label>
            世界 <input value={typed} onChange={(e) => setTyped(e.target.value)} aria-describedby="world-hint" />
          </label>
          <button type="submit" className={classes.mini}>
            进入
          </button>
          <span id="world-hint" className={classes.small}>
            每个调用都带 {MOCK_WORLD_HEADER}: {world}
          </span>
        </form>
      </header>
      <div className={own.board}>
        <div role="tablist" aria-label="控制台功能" className={classes.tabs} tabIndex={-1} onKeyDown={onTabKey}>
          {TABS.map((t) => (
            <button key={t.id} type="button" role="tab" id={`tab-${t.id}`} aria-selected={tab === t.id} aria-controls="tabpanel" tabIndex={tab === t.id ? 0 : -1} onClick={() => setTab(t.id)}>
              {t.label}
            </button>
          ))}
        </div>
        <div role="tabpanel" id="tabpanel" aria-labelledby={`tab-${tab}`}>
          <Current world={world} act={act} enter={enter} />
        </div>
        <div role="status" className={`${own.status} ${notice ? `${classes.notice} ${classes[notice.tone]}` : classes.notice}`}>
          {notice?.text}
        </div>
      </div>
    </div>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Panel />
  </StrictMode>,
);
