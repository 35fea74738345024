/** 请求: the world's request journal, live (polled every second), with one call's details. */
import { useEffect, useRef, useState } from 'react';
import classes from '../panel/panel.module.css';
import { control, errorText, shortTime, type JournalEntry } from './api.ts';
import own from './server-panel.module.css';
import type { PanelTabProps } from './tabs.ts';

const KEPT = 200;

export function RequestsTab({ world, act }: PanelTabProps) {
  const [entries, setEntries] = useState<JournalEntry[]>([]);
  const [chosen, setChosen] = useState<number | null>(null);
  const [paused, setPaused] = useState(false);
  const [filter, setFilter] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const lastId = useRef(0);

  useEffect(() => {
    setEntries([]);
    setChosen(null);
    lastId.current = 0;
  }, [world]);
  useEffect(() => {
    if (paused) return;
    let stopped = false;
    const poll = async () => {
      try {
        const { requests } = await control<{ requests: JournalEntry[] }>(world, 'GET', `requests?after_id=${lastId.current}&limit=${KEPT}`);
        if (stopped || requests.length === 0) return;
        lastId.current = requests.at(-1)!.id;
        setEntries((old) => [...old, ...requests].slice(-KEPT));
        setProblem(null);
      } catch (error) {
        setProblem(errorText(error));
      }
    };
    const timer = setInterval(() => void poll(), 1000);
    void poll();
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [world, paused]);

  const shown = entries.filter((e) => filter === '' || (e.operation ?? e.path).includes(filter)).reverse();
  const detail = entries.find((e) => e.id === chosen);
  return (
    <div className={classes.tabBody}>
      <div className={classes.row}>
        <input className={own.filter} aria-label="按接口筛选" placeholder="按接口筛选，如 order_detail" value={filter} onChange={(e) => setFilter(e.target.value)} />
        <label className={classes.check}>
          <input type="checkbox" checked={paused} onChange={(e) => setPaused(e.target.checked)} /> 暂停
        </label>
        <button
          type="button"
          onClick={() =>
            void act(async () => {
              const { cleared } = await control<{ cleared: number }>(world, 'DELETE', 'requests');
              setEntries([]);
              lastId.current = 0;
              return { text: `已清空请求记录（${cleared} 条）。`, tone: 'ok' };
            })
          }
        >
          清空
        </button>
        <span className={`${classes.muted} ${classes.small}`}>{problem ?? `最近 ${shown.length} 条，每秒刷新`}</span>
      </div>
      <div className={own.columns}>
        <table className={own.table}>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">模拟时间</th>
              <th scope="col">接口</th>
              <th scope="col">状态</th>
              <th scope="col">耗时</th>
              <th scope="col">
                <span className={classes.muted}>详情</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((e) => (
              <tr key={e.id} className={e.id === chosen ? own.chosen : undefined}>
                <td>{e.id}</td>
                <td>{shortTime(e.at)}</td>
                <td>
                  <code>{e.method}</code> {e.operation ?? e.path}
                  {Object.keys(e.path_params).length > 0 && <span className={classes.muted}> {Object.values(e.path_params).join('/')}</span>}
                  {e.via && <span className={own.bad}> · {e.via.source === 'prefer' ? 'Prefer' : '故障'}</span>}
                  {e.control && <span className={classes.muted}> · 控制</span>}
                </td>
                <td className={e.status === null || e.status >= 400 || e.status === 0 ? own.bad : undefined}>{e.pending ? '等待中' : (e.network ?? e.status)}</td>
                <td>{e.duration_ms ?? '—'} ms</td>
                <td>
                  <button type="button" className={classes.mini} aria-pressed={e.id === chosen} onClick={() => setChosen(e.id)}>
                    查看
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <div>
          {detail ? (
            <>
              <h3>
                #{detail.id} {detail.method} {detail.path}
              </h3>
              <p className={`${classes.muted} ${classes.small}`}>请求头（令牌已遮蔽）、查询、请求体：</p>
              <pre className={own.json}>{JSON.stringify({ headers: detail.headers, query: detail.query, body: detail.body }, null, 2)}</pre>
              <p className={`${classes.muted} ${classes.small}`}>应答：</p>
              <pre className={own.json}>{JSON.stringify(detail.response, null, 2)}</pre>
            </>
          ) : (
            <p className={`${classes.muted} ${classes.small}`}>点「查看」看一次调用的请求与应答。</p>
          )}
        </div>
      </div>
    </div>
  );
}
