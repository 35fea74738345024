/** 快照: the server's snapshots (load one into the panel's world, delete one), and the world saved as one. */
import { useState } from 'react';
import { Field, TabForm, SubmitButton } from '../panel/field.tsx';
import classes from '../panel/panel.module.css';
import { DeleteButton } from './delete-button.tsx';
import { control, shortTime, useControlRead, type SnapshotSummary } from './api.ts';
import own from './server-panel.module.css';
import type { PanelTabProps } from './tabs.ts';

export function SnapshotsTab({ world, act }: PanelTabProps) {
  const [list, refresh] = useControlRead<{ snapshots: SnapshotSummary[]; dir: string }>(world, 'snapshots');
  const [name, setName] = useState('');
  const [overwrite, setOverwrite] = useState(false);

  return (
    <div className={classes.tabBody}>
      <TabForm
        onSubmit={() => {
          void act(async () => {
            await control(world, 'POST', 'snapshots', { name: name.trim(), overwrite });
            refresh();
            return { text: `世界「${world}」已保存为快照「${name.trim()}」。`, tone: 'ok' };
          });
        }}
      >
        <Field label={`把世界「${world}」保存为快照`}>
          <input value={name} onChange={(e) => setName(e.target.value)} required placeholder="如 paid-order" />
        </Field>
        <label className={classes.check}>
          <input type="checkbox" checked={overwrite} onChange={(e) => setOverwrite(e.target.checked)} /> 覆盖同名快照
        </label>
        <SubmitButton>保存</SubmitButton>
      </TabForm>
      <p className={`${classes.muted} ${classes.small}`}>快照目录：{list?.dir ?? '…'}</p>
      <table className={own.table}>
        <thead>
          <tr>
            <th scope="col">快照</th>
            <th scope="col">保存它的世界</th>
            <th scope="col">场景</th>
            <th scope="col">模拟时间</th>
            <th scope="col">大小</th>
            <th scope="col">
              <span className={classes.muted}>操作</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {(list?.snapshots ?? []).map((s) => (
            <tr key={s.name}>
              <td>
                <b>{s.name}</b>
              </td>
              <td>{s.world ?? '—'}</td>
              <td>{s.scenario}</td>
              <td>{s.now ? shortTime(s.now) : '—'}</td>
              <td>{Math.max(1, Math.round(s.bytes / 1024))} KB</td>
              <td>
                <div className={classes.row}>
                  <button
                    type="button"
                    className={classes.mini}
                    onClick={() =>
                      void act(async () => {
                        await control(world, 'POST', 'reset', { scenario: s.name });
                        return { text: `已把快照「${s.name}」载入世界「${world}」。`, tone: 'ok' };
                      })
                    }
                  >
                    载入
                  </button>
                  <DeleteButton world={world} act={act} kind="snapshots" name={s.name} mine={s.world === world} label={`快照「${s.name}」`} then={refresh} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
