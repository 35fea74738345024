/**
 * The mock panel (the design brief 'Mock control for QA'), shown only in mock mode: a small collapsible
 * panel fixed at the bottom-left corner, in its own React root inside a shadow root (its own
 * styles; the app's CSS cannot reach it, nor its CSS the app).
 *
 * Tabs: 场景 (reset to a scenario, latency, spec-only, save the state as a snapshot file and load one), 时钟 (mock now, set, +30分钟/+1小时/+1天, freeze/run),
 * 故障 (inject a fault into any contract operation), 支付 (settle waiting trades, auto-pay) and
 * 验证码 (latest SMS/mailbox codes and captchas). Changes to the app's data ask the user to
 * refresh the page (刷新页面): the app's caches do not know the mock changed underneath them.
 */
import { useEffect, useId, useRef, useState, useSyncExternalStore, type KeyboardEvent, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { errorCodes, operationList, payType } from '#contract/index';
import { HOUR, MINUTE, DAY, fromIso, toIso } from '#fixtures/time';
import type { BrowserMock, FaultInput } from '../browser.ts';
import type { Row } from '../db.ts';
import { formatSnapshotFile, SNAPSHOT_NAME } from '../snapshot-file.ts';

const OPEN_KEY = '__mock:panel-open';
const TAB_KEY = '__mock:panel-tab';
const WAITING = 1; // paymentStatus.values.waiting

type TabId = 'scenario' | 'clock' | 'faults' | 'payments' | 'codes';
const TABS: { id: TabId; label: string }[] = [
  { id: 'scenario', label: '场景' },
  { id: 'clock', label: '时钟' },
  { id: 'faults', label: '故障' },
  { id: 'payments', label: '支付' },
  { id: 'codes', label: '验证码' },
];

interface Notice {
  text: string;
  tone: 'ok' | 'error';
  /** The app's data changed: offer 刷新页面. */
  reload?: boolean;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
const beijing = (ms: number) => toIso(ms).slice(0, 19).replace('T', ' ');
const yuan = (amount: number) => `¥${amount.toFixed(2)}`;

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

/** Re-renders on every change of the mock, and every second while `ticking` (the clock runs). */
function useMock(mock: BrowserMock, ticking: boolean): number {
  const version = useRef(0);
  const revision = useSyncExternalStore(
    (listener) =>
      mock.subscribe(() => {
        version.current += 1;
        listener();
      }),
    () => version.current,
  );
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => {
      // Time rules (closing expired trades, auto-pay) run before the panel reads the tables.
      void mock.state.catchUp().then(() => setTick((t) => t + 1));
    }, 1000);
    return () => clearInterval(timer);
  }, [mock, ticking]);
  return revision * 100_000 + tick;
}

function Field({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <label className={wide ? 'field wide' : 'field'}>
      <span>{label}</span>
      {children}
    </label>
  );
}

// ---------------------------------------------------------------------------------------------

function ScenarioTab({ mock, act }: TabProps) {
  const [scenarios, setScenarios] = useState<{ name: string; description: string; main_parent: string | null }[]>([]);
  const [name, setName] = useState(mock.state.scenario.name);
  const [seed, setSeed] = useState(String(mock.state.scenario.seed));
  const [latency, setLatency] = useState(mock.state.settings.latencyMs.join(','));
  useEffect(() => void mock.control.scenarios().then(setScenarios), [mock]);
  const selected = scenarios.find((s) => s.name === name);
  const origin = { saved: '沿用上次保存的数据', address: '由地址中的 ?scenario= 载入', default: '新载入' }[mock.origin];

  return (
    <div className="tab-body">
      <p className="status">
        当前：<b>{mock.state.scenario.name}</b>（seed {mock.state.scenario.seed}）<span className="muted"> · {origin}</span>
      </p>
      <form
        className="grid"
        onSubmit={(e) => {
          e.preventDefault();
          void act(async () => {
            const result = await mock.reset({ scenario: name, seed: seed === '' ? 1 : Number(seed) });
            return { text: `已重置为场景「${result.scenario}」（seed ${result.seed}），并已退出登录。`, tone: 'ok', reload: true };
          });
        }}
      >
        <Field label="场景" wide>
          <select value={name} onChange={(e) => setName(e.target.value)}>
            {scenarios.map((s) => (
              <option key={s.name} value={s.name}>
                {s.name}
              </option>
            ))}
          </select>
        </Field>
        <Field label="种子 seed">
          <input type="number" min={0} step={1} value={seed} onChange={(e) => setSeed(e.target.value)} />
        </Field>
        <div className="field end">
          <button type="submit" className="primary">
            重置
          </button>
        </div>
        {selected && (
          <p className="muted wide desc">
            {selected.description}
            {selected.main_parent ? `（常用家长：${selected.main_parent}）` : ''}
          </p>
        )}
      </form>
      <form
        className="grid"
        onSubmit={(e) => {
          e.preventDefault();
          void act(async () => {
            const [min = 0, max = min] = latency
              .split(/[,，\s]+/)
              .filter(Boolean)
              .map(Number);
            const { settings } = await mock.control.settings({ latency_ms: [min, max] });
            return { text: `响应延迟已设为 ${settings.latencyMs[0]}–${settings.latencyMs[1]} ms。`, tone: 'ok' };
          });
        }}
      >
        <Field label="响应延迟 ms（最小,最大）" wide>
          <input value={latency} onChange={(e) => setLatency(e.target.value)} inputMode="numeric" />
        </Field>
        <div className="field end">
          <button type="submit">保存</button>
        </div>
      </form>
      <SpecOnlyForm mock={mock} act={act} />
      <SnapshotForms mock={mock} act={act} />
      <p className="muted small">
        也可在任意地址后加 <code>?scenario=名称&amp;seed=1</code> 重置（<code>&amp;spec-only=1</code> 仅规格接口）；控制台可用 <code>window.__mock</code>。
      </p>
    </div>
  );
}

/**
 * 仅规格接口 (decision 057): the center's backend as it is, §7's calls only. The app learns it from
 * a 404 of its own call and remembers it until the page reloads, hence 刷新页面.
 */
function SpecOnlyForm({ mock, act }: TabProps) {
  return (
    <label className="check wide">
      <input
        type="checkbox"
        checked={mock.state.settings.specOnly}
        onChange={(e) => {
          const specOnly = e.target.checked;
          void act(async () => {
            await mock.control.settings({ spec_only: specOnly });
            return { text: specOnly ? '已改为仅规格接口：项目自己的接口答 404，提议的请求字段被忽略。' : '已恢复项目自己的接口。', tone: 'ok', reload: true };
          });
        }}
      />{' '}
      仅规格接口（§7）：项目自己的接口答 404
    </label>
  );
}

/**
 * 快照: the state as a file a tester keeps or shares (the standalone server's snapshot format, so a
 * file saved here loads there too), and a file loaded back.
 */
function SnapshotForms({ mock, act }: TabProps) {
  const [name, setName] = useState(() => `${mock.state.scenario.name}-${new Date().toISOString().slice(0, 10)}`);
  const fileRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <form
        className="grid"
        onSubmit={(e) => {
          e.preventDefault();
          void act(async () => {
            const file = await mock.control.snapshot(name.trim());
            const link = document.createElement('a');
            link.href = URL.createObjectURL(new Blob([formatSnapshotFile(file)], { type: 'application/json' }));
            link.download = `${file.name}.json`;
            link.click();
            URL.revokeObjectURL(link.href);
            return { text: `已保存快照文件 ${file.name}.json（可放入 fixtures/snapshots/ 供独立模拟服务载入）。`, tone: 'ok' };
          });
        }}
      >
        <Field label="快照名称" wide>
          <input value={name} onChange={(e) => setName(e.target.value)} pattern={SNAPSHOT_NAME.source} required title="字母、数字、-、_ 和 .，不以 . 开头" />
        </Field>
        <div className="field end">
          <button type="submit">保存为快照文件</button>
        </div>
      </form>
      <div className="grid">
        <Field label="载入快照文件" wide>
          <input
            ref={fileRef}
            type="file"
            accept="application/json,.json"
            onChange={(e) => {
              const picked = e.target.files?.[0];
              if (!picked) return;
              void act(async () => {
                try {
                  const result = await mock.loadSnapshot(await picked.text());
                  return { text: `已载入快照「${result.snapshot}」（场景 ${result.scenario}，模拟时间 ${result.now}），并已退出登录。`, tone: 'ok', reload: true };
                } finally {
                  if (fileRef.current) fileRef.current.value = '';
                }
              });
            }}
          />
        </Field>
      </div>
    </>
  );
}

function ClockTab({ mock, act }: TabProps) {
  const now = mock.state.now();
  const [value, setValue] = useState(() => toIso(now).slice(0, 16));
  const frozen = mock.state.clock.frozen;
  const move = (ms: number, label: string) =>
    act(async () => {
      const result = await mock.control.clock({ advance_ms: ms });
      return { text: `时钟已前进${label}，现在 ${result.now.slice(0, 16).replace('T', ' ')}。`, tone: 'ok', reload: true };
    });

  return (
    <div className="tab-body">
      <p className="clock" aria-live="off">
        <span className="big">{beijing(now)}</span>
        <span className={frozen ? 'pill warn' : 'pill ok'}>{frozen ? '已冻结' : '运行中'}</span>
      </p>
      <p className="muted small">模拟时间（北京时间），报名窗口、支付时限、退费和发票期限都按它计算。</p>
      <form
        className="grid"
        onSubmit={(e) => {
          e.preventDefault();
          void act(async () => {
            if (!value) throw new Error('请选择日期和时间');
            const result = await mock.control.clock({ now: `${value.length === 16 ? `${value}:00` : value}+08:00` });
            return { text: `时钟已设为 ${result.now.slice(0, 16).replace('T', ' ')}。`, tone: 'ok', reload: true };
          });
        }}
      >
        <Field label="设为" wide>
          <input type="datetime-local" value={value} onChange={(e) => setValue(e.target.value)} />
        </Field>
        <div className="field end">
          <button type="submit" className="primary">
            设置
          </button>
        </div>
      </form>
      <div className="row">
        <button type="button" onClick={() => void move(30 * MINUTE, '30分钟')}>
          +30分钟
        </button>
        <button type="button" onClick={() => void move(HOUR, '1小时')}>
          +1小时
        </button>
        <button type="button" onClick={() => void move(DAY, '1天')}>
          +1天
        </button>
        <button
          type="button"
          aria-pressed={frozen}
          onClick={() =>
            void act(async () => {
              const result = await mock.control.clock({ frozen: !frozen });
              return { text: result.frozen ? '时钟已冻结。' : '时钟继续运行。', tone: 'ok' };
            })
          }
        >
          {frozen ? '运行' : '冻结'}
        </button>
      </div>
    </div>
  );
}

const knownCodes = Object.values(errorCodes).filter((e) => e.code !== errorCodes.success.code);

function FaultsTab({ mock, act }: TabProps) {
  const [operation, setOperation] = useState('class_detail');
  const [status, setStatus] = useState('500');
  const [code, setCode] = useState('');
  const [msg, setMsg] = useState('');
  const [delayMs, setDelayMs] = useState('');
  const [hang, setHang] = useState(false);
  const [times, setTimes] = useState('1');
  const [always, setAlways] = useState(false);
  const listId = useId();
  const pending = mock.state.faults.pending();

  return (
    <div className="tab-body">
      <form
        className="grid"
        onSubmit={(e) => {
          e.preventDefault();
          void act(async () => {
            const fault: FaultInput = { operation, times: always ? null : times === '' ? 1 : Number(times) };
            if (status !== '') fault.status = Number(status);
            if (code !== '') fault.error_code = Number(code);
            if (msg !== '') fault.msg = msg;
            if (delayMs !== '') fault.delay_ms = Number(delayMs);
            if (hang) fault.hang = true;
            await mock.control.faults(fault);
            return { text: `已为 ${operation} 注入故障${always ? '（一直生效）' : `（${fault.times} 次）`}。`, tone: 'ok' };
          });
        }}
      >
        <Field label="接口 operation" wide>
          <select value={operation} onChange={(e) => setOperation(e.target.value)}>
            {operationList.map((op) => (
              <option key={op.id} value={op.id}>
                {op.id}（{op.method} {op.path}）
              </option>
            ))}
          </select>
        </Field>
        <Field label="HTTP 状态">
          <input type="number" min={200} max={599} value={status} onChange={(e) => setStatus(e.target.value)} placeholder="按错误码" />
        </Field>
        <Field label="error_code">
          <input type="number" list={listId} value={code} onChange={(e) => setCode(e.target.value)} placeholder="如 99995" />
        </Field>
        {/* Outside the label, or its options would become the field's name. */}
        <datalist id={listId}>
          {knownCodes.map((c) => (
            <option key={c.code} value={c.code}>
              {c.message}
            </option>
          ))}
        </datalist>
        <Field label="msg（可选）" wide>
          <input value={msg} onChange={(e) => setMsg(e.target.value)} placeholder="默认为错误码的说明" />
        </Field>
        <Field label="延迟 ms">
          <input type="number" min={0} max={120000} value={delayMs} onChange={(e) => setDelayMs(e.target.value)} placeholder="0" />
        </Field>
        <Field label="次数">
          <input type="number" min={1} value={times} disabled={always} onChange={(e) => setTimes(e.target.value)} />
        </Field>
        <label className="check">
          <input type="checkbox" checked={always} onChange={(e) => setAlways(e.target.checked)} /> 一直生效
        </label>
        <label className="check">
          <input type="checkbox" checked={hang} onChange={(e) => setHang(e.target.checked)} /> 挂起（永不响应，超过 20 秒超时）
        </label>
        <div className="field end wide">
          <button type="submit" className="primary">
            注入故障
          </button>
        </div>
      </form>
      <h3>待生效的故障（{pending.length}）</h3>
      {pending.length === 0 ? (
        <p className="muted small">没有故障。</p>
      ) : (
        <ul className="list">
          {pending.map((f, i) => (
            <li key={i}>
              <code>{f.operation}</code>{' '}
              <span className="muted">
                {[f.status !== undefined && `HTTP ${f.status}`, f.error_code !== undefined && `code ${f.error_code}`, f.delay_ms && `延迟 ${f.delay_ms}ms`, f.hang && '挂起']
                  .filter(Boolean)
                  .join(' · ') || '仅延迟'}{' '}
                · {f.times === null ? '一直' : `剩 ${f.times} 次`}
              </span>
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        disabled={pending.length === 0}
        onClick={() =>
          void act(async () => {
            await mock.control.clearFaults();
            return { text: '已清除全部故障。', tone: 'ok' };
          })
        }
      >
        清除全部
      </button>
    </div>
  );
}

function PaymentsTab({ mock, act }: TabProps) {
  const { db } = mock.state;
  const waiting = db.trades.findMany((q) => q.where({ status: WAITING })).sort((a, b) => fromIso(b.created_at) - fromIso(a.created_at));
  const autoPay = mock.state.settings.autoPay;
  const [auto, setAuto] = useState(autoPay ? autoPay.outcome : 'off');
  const [after, setAfter] = useState(String(autoPay ? autoPay.afterMs / 1000 : 5));
  const what = (trade: Row<'trades'>) => {
    if (trade.order_id !== null) {
      const order = db.orders.findFirst((q) => q.where({ id: trade.order_id! }));
      return `订单 ${order?.order_no ?? trade.order_id}`;
    }
    return `补缴费用 #${trade.supply_fee_id}`;
  };
  const settle = (tradeNo: string, outcome: 'success' | 'fail') =>
    act(async () => {
      await mock.control.settle(tradeNo, outcome);
      return { text: `交易 ${tradeNo} 已${outcome === 'success' ? '支付成功' : '支付失败'}。支付页会经 websocket 或轮询得知结果。`, tone: 'ok', reload: true };
    });

  return (
    <div className="tab-body">
      <h3>等待支付的交易（{waiting.length}）</h3>
      {waiting.length === 0 ? (
        <p className="muted small">没有等待支付的交易。在门户中发起支付（pay_sign_up / pay_supply_fee）后会出现在这里。</p>
      ) : (
        <ul className="list trades">
          {waiting.map((t) => (
            <li key={t.trade_no}>
              <div>
                <code>{t.trade_no}</code>
                <div className="muted small">
                  {what(t)} · {yuan(t.amount)} · {payType.label(t.pay_type)} · {beijing(fromIso(t.created_at)).slice(5, 16)} 发起
                </div>
              </div>
              <div className="row">
                <button type="button" className="primary" onClick={() => void settle(t.trade_no, 'success')} aria-label={`交易 ${t.trade_no} 支付成功`}>
                  支付成功
                </button>
                <button type="button" className="danger" onClick={() => void settle(t.trade_no, 'fail')} aria-label={`交易 ${t.trade_no} 支付失败`}>
                  支付失败
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <form
        className="grid"
        onSubmit={(e) => {
          e.preventDefault();
          void act(async () => {
            const { settings } = await mock.control.settings({
              auto_pay: auto === 'off' ? null : { outcome: auto as 'success' | 'fail', after_ms: Math.round(Number(after || 0) * 1000) },
            });
            const a = settings.autoPay;
            return { text: a ? `新交易将在 ${a.afterMs / 1000} 秒后自动${a.outcome === 'success' ? '支付成功' : '支付失败'}。` : '新交易将等待手动结算。', tone: 'ok' };
          });
        }}
      >
        <Field label="新交易自动结算">
          <select value={auto} onChange={(e) => setAuto(e.target.value)}>
            <option value="off">不自动（手动结算）</option>
            <option value="success">自动支付成功</option>
            <option value="fail">自动支付失败</option>
          </select>
        </Field>
        <Field label="延后秒数">
          <input type="number" min={0} value={after} disabled={auto === 'off'} onChange={(e) => setAfter(e.target.value)} />
        </Field>
        <div className="field end">
          <button type="submit">保存</button>
        </div>
      </form>
    </div>
  );
}

function CopyButton({ text, label }: { text: string; label: string }) {
  const [done, setDone] = useState(false);
  return (
    <button
      type="button"
      className="mini"
      aria-label={label}
      onClick={() =>
        void navigator.clipboard?.writeText(text).then(
          () => setDone(true),
          () => setDone(false),
        )
      }
    >
      {done ? '已复制' : '复制'}
    </button>
  );
}

function CodesTab({ mock }: TabProps) {
  const now = mock.state.now();
  const codes = mock.state.db.codes
    .all()
    .sort((a, b) => fromIso(b.sent_at) - fromIso(a.sent_at))
    .slice(0, 8);
  const captchas = mock.state.db.captchas.all().reverse().slice(0, 4);
  const validity = (used: boolean, expiresAt: string) => (used ? '已使用' : fromIso(expiresAt) < now ? '已过期' : '有效');

  return (
    <div className="tab-body">
      <h3>短信 / 邮箱验证码</h3>
      {codes.length === 0 ? (
        <p className="muted small">还没有发送过验证码。</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">发送到</th>
              <th scope="col">用途</th>
              <th scope="col">验证码</th>
              <th scope="col">状态</th>
            </tr>
          </thead>
          <tbody>
            {codes.map((c, i) => (
              <tr key={i}>
                <td>
                  {c.target}
                  <div className="muted small">{beijing(fromIso(c.sent_at)).slice(5, 16)}</div>
                </td>
                <td>{c.purpose}</td>
                <td>
                  <code className="code">{c.code}</code> <CopyButton text={c.code} label={`复制验证码 ${c.code}`} />
                </td>
                <td>{validity(c.used, c.expires_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h3>图形验证码</h3>
      {captchas.length === 0 ? (
        <p className="muted small">还没有生成过图形验证码。</p>
      ) : (
        <table>
          <tbody>
            {captchas.map((c) => (
              <tr key={c.key}>
                <td>
                  <code className="small">{c.key}</code>
                </td>
                <td>
                  <code className="code">{c.code}</code>
                </td>
                <td>{validity(c.used, c.expires_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

// ---------------------------------------------------------------------------------------------

interface TabProps {
  mock: BrowserMock;
  act: (run: () => Promise<Notice>) => Promise<void>;
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
      <button ref={toggleRef} type="button" className="toggle" aria-expanded="false" aria-controls={`${ids}panel`} onClick={() => setOpenStored(true)}>
        <span className="dot" aria-hidden="true" />
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
      className="panel"
      aria-label="模拟后端面板"
      aria-busy={busy}
      onKeyDown={(e) => {
        if (e.key === 'Escape') setOpenStored(false);
      }}
    >
      <header>
        <span className="dot" aria-hidden="true" />
        <h2>模拟后端</h2>
        <span className="muted small">{mock.state.scenario.name}</span>
        <button type="button" className="mini close" aria-expanded="true" aria-controls={`${ids}panel`} onClick={() => setOpenStored(false)}>
          收起
        </button>
      </header>
      <div role="tablist" aria-label="模拟后端功能" className="tabs" tabIndex={-1} onKeyDown={onTabKey}>
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
      <div role="tabpanel" id={`${ids}tabpanel`} aria-labelledby={`${ids}tab-${tab}`} className="content">
        {tab === 'scenario' && <ScenarioTab {...props} />}
        {tab === 'clock' && <ClockTab {...props} />}
        {tab === 'faults' && <FaultsTab {...props} />}
        {tab === 'payments' && <PaymentsTab {...props} />}
        {tab === 'codes' && <CodesTab {...props} />}
      </div>
      <footer>
        <div role="status" className={notice ? `notice ${notice.tone}` : 'notice'}>
          {notice?.text}
          {notice?.reload && <span> 点击「刷新页面」查看变化。</span>}
        </div>
        <div className="row">
          <button type="button" className={notice?.reload ? 'primary' : ''} onClick={() => window.location.reload()}>
            刷新页面
          </button>
          <span className="muted small grow" title={mock.persistence.error ?? undefined}>
            {mock.persistence.error ? '⚠ 数据未能保存' : `已保存 ${Math.max(1, Math.round(mock.persistence.bytes / 1024))} KB`}
          </span>
        </div>
      </footer>
    </section>
  );
}

const PANEL_CSS = `
:host{all:initial}
*{box-sizing:border-box}
.root{position:fixed;left:12px;bottom:12px;z-index:2147483000;font:13px/1.5 -apple-system,BlinkMacSystemFont,'PingFang SC','Noto Sans CJK SC','Microsoft YaHei',sans-serif;color:#1f2d24}
button,input,select{font:inherit;color:inherit}
button{cursor:pointer;border:1px solid #c7d6cc;background:#fff;border-radius:6px;padding:4px 10px;min-height:28px}
button:hover:not(:disabled){border-color:#1f8a4c;color:#1f8a4c}
button:disabled{opacity:.5;cursor:not-allowed}
button.primary{background:#1f8a4c;border-color:#1f8a4c;color:#fff}
button.primary:hover:not(:disabled){background:#18733f;color:#fff}
button.danger{border-color:#e3a3a7;color:#c8323a}
button.mini{padding:0 8px;min-height:22px;font-size:12px}
:focus-visible{outline:3px solid #8fd3a9;outline-offset:1px}
.toggle{display:flex;align-items:center;gap:8px;background:#1f2d24;color:#fff;border:0;border-radius:999px;padding:6px 14px;box-shadow:0 4px 14px rgba(0,0,0,.25);opacity:.92}
.toggle:hover:not(:disabled){opacity:1;color:#fff;background:#1f8a4c}
.dot{width:8px;height:8px;border-radius:50%;background:#4cd787;flex:none}
.panel{width:380px;height:min(560px,calc(100vh - 24px));display:flex;flex-direction:column;background:#fff;border:1px solid #cfded4;border-radius:10px;box-shadow:0 10px 32px rgba(20,50,30,.22);overflow:hidden}
header{display:flex;align-items:center;gap:8px;padding:8px 12px;background:#1f2d24;color:#fff}
header h2{font-size:14px;margin:0}
header .muted{color:#b9cbbf}
header .close{margin-left:auto;background:transparent;color:#fff;border-color:#6c8a76}
.tabs{display:flex;border-bottom:1px solid #e1ebe4;background:#f6faf7}
.tabs button{flex:1;border:0;border-radius:0;background:transparent;padding:7px 0;border-bottom:2px solid transparent}
.tabs button[aria-selected=true]{border-bottom-color:#1f8a4c;color:#1f8a4c;font-weight:600;background:#fff}
.content{overflow:auto;flex:1;min-height:120px}
.tab-body{padding:10px 12px}
.grid{display:grid;grid-template-columns:1fr 1fr;gap:8px 10px;margin:0 0 10px}
.field{display:flex;flex-direction:column;gap:2px;min-width:0}
.field>span{font-size:12px;color:#55665b}
.field input,.field select{height:30px;border:1px solid #c7d6cc;border-radius:6px;padding:0 8px;background:#fff;width:100%;min-width:0}
.wide{grid-column:1/-1}
.end{justify-content:flex-end}
.check{display:flex;align-items:center;gap:6px;grid-column:1/-1;font-size:12px}
.row{display:flex;gap:6px;align-items:center;flex-wrap:wrap}
.grow{flex:1;text-align:right}
.muted{color:#6b7d71}
.small{font-size:12px}
.desc{margin:0;font-size:12px}
.status{margin:0 0 8px}
h3{font-size:13px;margin:10px 0 6px}
code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12px;background:#f1f5f2;border-radius:4px;padding:0 4px}
code.code{font-size:14px;font-weight:700;color:#1f8a4c;letter-spacing:1px}
.clock{display:flex;align-items:center;gap:10px;margin:2px 0 4px}
.big{font-size:20px;font-weight:700;font-variant-numeric:tabular-nums}
.pill{font-size:12px;border-radius:999px;padding:0 8px}
.pill.ok{background:#e3f5ea;color:#1f8a4c}
.pill.warn{background:#fff1dc;color:#a86400}
.list{list-style:none;margin:0 0 8px;padding:0}
.list li{padding:6px 0;border-bottom:1px dashed #e1ebe4}
.trades li{display:flex;flex-direction:column;gap:4px}
table{width:100%;border-collapse:collapse;font-size:12px;margin-bottom:6px}
th,td{text-align:left;padding:4px 4px;border-bottom:1px solid #eef3ef;vertical-align:top}
th{color:#55665b;font-weight:600}
footer{border-top:1px solid #e1ebe4;padding:8px 12px;background:#fafcfb}
.notice{min-height:0;font-size:12px;margin-bottom:6px}
.notice:empty{display:none}
.notice.ok{color:#1f6f41}
.notice.error{color:#c8323a}
`;

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
  container.className = 'root';
  shadow.append(style, container);
  const root = createRoot(container);
  root.render(<MockPanel mock={mock} startCollapsed={options.startCollapsed} />);
  return () => {
    root.unmount();
    host.remove();
  };
}
