/** 故障: a fault for any operation of the contract, the faults waiting, and clearing them. */
import { useId, useState } from 'react';
import { errorCodes, operationList } from '#contract/index';
import type { FaultInput } from '../../control/browser-control.ts';
import classes from './panel.module.css';
import { Field, TabForm, SubmitButton } from './field.tsx';
import type { TabProps } from './shared.tsx';

const knownCodes = Object.values(errorCodes).filter((e) => e.code !== errorCodes.success.code);

export function FaultsTab({ mock, act }: TabProps) {
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
    <div className={classes.tabBody}>
      <TabForm
        onSubmit={() => {
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
        <label className={classes.check}>
          <input type="checkbox" checked={always} onChange={(e) => setAlways(e.target.checked)} /> 一直生效
        </label>
        <label className={classes.check}>
          <input type="checkbox" checked={hang} onChange={(e) => setHang(e.target.checked)} /> 挂起（永不响应，超过 20 秒超时）
        </label>
        <SubmitButton wide>注入故障</SubmitButton>
      </TabForm>
      <h3>待生效的故障（{pending.length}）</h3>
      {pending.length === 0 ? (
        <p className={`${classes.muted} ${classes.small}`}>没有故障。</p>
      ) : (
        <ul className={classes.list}>
          {pending.map((f, i) => (
            <li key={i}>
              <code>{f.operation}</code>{' '}
              <span className={classes.muted}>
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
