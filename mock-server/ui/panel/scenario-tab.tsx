/** 场景: reset to a scenario, the answers' latency, spec-only, and the state saved to a snapshot file or loaded from one. */
import { useEffect, useRef, useState } from 'react';
import { formatSnapshotFile, SNAPSHOT_NAME } from '../../control/snapshot-file.ts';
import classes from './panel.module.css';
import { Field, TabForm, SubmitButton } from './field.tsx';
import { latencyOf, type TabProps } from './shared.tsx';

export function ScenarioTab({ mock, act }: TabProps) {
  const [scenarios, setScenarios] = useState<{ name: string; description: string; main_parent: string | null }[]>([]);
  const [name, setName] = useState(mock.state.scenario.name);
  const [seed, setSeed] = useState(String(mock.state.scenario.seed));
  const [latency, setLatency] = useState(mock.state.settings.latencyMs.join(','));
  useEffect(() => void mock.control.scenarios().then(setScenarios), [mock]);
  const selected = scenarios.find((s) => s.name === name);
  const origin = { saved: '沿用上次保存的数据', address: '由地址中的 ?scenario= 载入', default: '新载入' }[mock.origin];

  return (
    <div className={classes.tabBody}>
      <p className={classes.status}>
        当前：<b>{mock.state.scenario.name}</b>（seed {mock.state.scenario.seed}）
        <span className={classes.muted}> · {mock.state.loadedSnapshot === null ? origin : `由快照「${mock.state.loadedSnapshot}」载入`}</span>
      </p>
      <TabForm
        onSubmit={() => {
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
        <SubmitButton>重置</SubmitButton>
        {selected && (
          <p className={`${classes.muted} ${classes.wide} ${classes.desc}`}>
            {selected.description}
            {selected.main_parent ? `（常用家长：${selected.main_parent}）` : ''}
          </p>
        )}
      </TabForm>
      <TabForm
        onSubmit={() => {
          void act(async () => {
            const { settings } = await mock.control.settings({ latency_ms: latencyOf(latency) });
            return { text: `响应延迟已设为 ${settings.latencyMs[0]}–${settings.latencyMs[1]} ms。`, tone: 'ok' };
          });
        }}
      >
        <Field label="响应延迟 ms（最小,最大）" wide>
          <input value={latency} onChange={(e) => setLatency(e.target.value)} inputMode="numeric" />
        </Field>
        <SubmitButton primary={false}>保存</SubmitButton>
      </TabForm>
      <SpecOnlyForm mock={mock} act={act} />
      <SnapshotForms mock={mock} act={act} />
      <p className={`${classes.muted} ${classes.small}`}>
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
    <div className={classes.grid}>
      <label className={classes.check}>
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
    </div>
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
      <TabForm
        onSubmit={() => {
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
        <SubmitButton primary={false}>保存为快照文件</SubmitButton>
      </TabForm>
      <div className={classes.grid}>
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
