/** 世界: the server's worlds (enter one, delete one), and the panel's world reset to a scenario. */
import { useEffect, useState } from 'react';
import { Field } from '../panel/field.tsx';
import classes from '../panel/panel.module.css';
import { control, shortTime, type WorldSummary } from './api.ts';
import own from './server-panel.module.css';
import type { PanelTabProps } from './tabs.ts';

export function WorldsTab({ world, act, enter }: PanelTabProps) {
  const [worlds, setWorlds] = useState<WorldSummary[]>([]);
  const [scenarios, setScenarios] = useState<{ name: string; description: string }[]>([]);
  const [scenario, setScenario] = useState('default');
  const [seed, setSeed] = useState('1');
  const [version, setVersion] = useState(0);
  useEffect(() => {
    void control<{ worlds: WorldSummary[] }>(world, 'GET', 'worlds').then((answer) => setWorlds(answer.worlds));
  }, [world, version]);
  useEffect(() => void control<{ name: string; description: string }[]>(world, 'GET', 'scenarios').then(setScenarios), [world]);
  const refresh = () => setVersion((v) => v + 1);

  return (
    <div className={classes.tabBody}>
      <form
        className={classes.grid}
        onSubmit={(e) => {
          e.preventDefault();
          void act(async () => {
            const result = await control<{ scenario: string; seed: number; snapshot?: string }>(world, 'POST', 'reset', { scenario, seed: Number(seed || 1) });
            refresh();
            return { text: `世界「${world}」已重置为「${result.scenario}」（seed ${result.seed}）。`, tone: 'ok' };
          });
        }}
      >
        <Field label={`把世界「${world}」重置为场景`}>
          <select value={scenario} onChange={(e) => setScenario(e.target.value)}>
            {scenarios.map((s) => (
              <option key={s.name} value={s.name} title={s.description}>
                {s.name}
              </option>
            ))}
          </select>
        </Field>
        <Field label="种子 seed">
          <input type="number" min={0} value={seed} onChange={(e) => setSeed(e.target.value)} />
        </Field>
        <div className={`${classes.field} ${classes.end}`}>
          <button type="submit" className={classes.primary}>
            重置
          </button>
        </div>
      </form>
      <table className={own.table}>
        <thead>
          <tr>
            <th scope="col">世界</th>
            <th scope="col">场景</th>
            <th scope="col">模拟时间</th>
            <th scope="col">请求数</th>
            <th scope="col">最近使用</th>
            <th scope="col">
              <span className={classes.muted}>操作</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {worlds.map((w) => (
            <tr key={w.name} className={w.name === world ? own.chosen : undefined}>
              <td>
                <b>{w.name}</b>
              </td>
              <td>
                {w.scenario}（seed {w.seed}）
              </td>
              <td>{shortTime(w.now)}</td>
              <td>{w.requests}</td>
              <td>{shortTime(w.last_used_at)}</td>
              <td>
                <div className={classes.row}>
                  <button type="button" className={classes.mini} disabled={w.name === world} onClick={() => enter(w.name)}>
                    进入
                  </button>
                  <button
                    type="button"
                    className={`${classes.mini} ${classes.danger}`}
                    disabled={w.name === 'default'}
                    onClick={() =>
                      void act(async () => {
                        // Another world's world: the server asks for ?force=true, the panel for a confirmation.
                        if (w.name !== world && !window.confirm(`世界「${w.name}」不是当前世界，确定删除？`)) return { text: '未删除。', tone: 'ok' };
                        await control(world, 'DELETE', `worlds/${encodeURIComponent(w.name)}${w.name === world ? '' : '?force=true'}`);
                        if (w.name === world) enter('default');
                        refresh();
                        return { text: `已删除世界「${w.name}」。`, tone: 'ok' };
                      })
                    }
                  >
                    删除
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" onClick={refresh}>
        刷新
      </button>
    </div>
  );
}
