/** 世界: the server's worlds (enter one, delete one), and the panel's world reset to a scenario. */
import { useState } from 'react';
import { Field, TabForm, SubmitButton } from '../panel/field.tsx';
import classes from '../panel/panel.module.css';
import { DeleteButton } from './delete-button.tsx';
import { control, shortTime, useControlRead, type WorldSummary } from './api.ts';
import own from './server-panel.module.css';
import type { PanelTabProps } from './tabs.ts';

export function WorldsTab({ world, act, enter }: PanelTabProps) {
  const [listed, refresh] = useControlRead<{ worlds: WorldSummary[] }>(world, 'worlds');
  const [scenarios] = useControlRead<{ name: string; description: string }[]>(world, 'scenarios');
  const [scenario, setScenario] = useState('default');
  const [seed, setSeed] = useState('1');
  const worlds = listed?.worlds ?? [];

  return (
    <div className={classes.tabBody}>
      <TabForm
        onSubmit={() => {
          void act(async () => {
            const result = await control<{ scenario: string; seed: number; snapshot?: string }>(world, 'POST', 'reset', { scenario, seed: Number(seed || 1) });
            refresh();
            return { text: `世界「${world}」已重置为「${result.scenario}」（seed ${result.seed}）。`, tone: 'ok' };
          });
        }}
      >
        <Field label={`把世界「${world}」重置为场景`}>
          <select value={scenario} onChange={(e) => setScenario(e.target.value)}>
            {(scenarios ?? []).map((s) => (
              <option key={s.name} value={s.name} title={s.description}>
                {s.name}
              </option>
            ))}
          </select>
        </Field>
        <Field label="种子 seed">
          <input type="number" min={0} value={seed} onChange={(e) => setSeed(e.target.value)} />
        </Field>
        <SubmitButton>重置</SubmitButton>
      </TabForm>
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
                {w.scenario}（seed {w.seed}）{w.snapshot !== null && <span className={classes.muted}> · 由快照「{w.snapshot}」载入</span>}
              </td>
              <td>{shortTime(w.now)}</td>
              <td>{w.requests}</td>
              <td>{shortTime(w.last_used_at)}</td>
              <td>
                <div className={classes.row}>
                  <button type="button" className={classes.mini} disabled={w.name === world} onClick={() => enter(w.name)}>
                    进入
                  </button>
                  <DeleteButton
                    world={world}
                    act={act}
                    kind="worlds"
                    name={w.name}
                    mine={w.name === world}
                    label={`世界「${w.name}」`}
                    disabled={w.name === 'default'}
                    then={() => {
                      if (w.name === world) enter('default');
                      refresh();
                    }}
                  />
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
