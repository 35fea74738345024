/** 时钟: the world's mock time (read every second), set, moved forward, frozen or run. */
import { useState } from 'react';
import { Field, TabForm, SubmitButton } from '../panel/field.tsx';
import classes from '../panel/panel.module.css';
import { control, shortTime, useControlRead } from './api.ts';
import own from './server-panel.module.css';
import type { PanelTabProps } from './tabs.ts';

const MINUTE = 60_000;

export function ServerClockTab({ world, act }: PanelTabProps) {
  const [clock, refresh] = useControlRead<{ now: string; frozen: boolean }>(world, 'clock', 1000);
  const [value, setValue] = useState('');
  const send = (body: Record<string, unknown>, text: string) =>
    act(async () => {
      const result = await control<{ now: string; frozen: boolean }>(world, 'POST', 'clock', body);
      refresh();
      return { text: `${text}，现在 ${shortTime(result.now)}。`, tone: 'ok' };
    });

  return (
    <div className={classes.tabBody}>
      <p>
        <span className={own.big}>{clock ? clock.now.slice(0, 19).replace('T', ' ') : '…'}</span> <span className={classes.muted}>{clock?.frozen ? '已冻结' : '运行中'}（北京时间）</span>
      </p>
      <p className={`${classes.muted} ${classes.small}`}>报名窗口、支付时限、退费与发票的处理、登录令牌的有效期都按模拟时间计算（规则见 docs/mock.md 的 Time rules）。</p>
      <div className={classes.row}>
        <button type="button" onClick={() => void send({ advance_ms: 30 * MINUTE }, '时钟已前进 30 分钟')}>
          +30分钟
        </button>
        <button type="button" onClick={() => void send({ advance_ms: 60 * MINUTE }, '时钟已前进 1 小时')}>
          +1小时
        </button>
        <button type="button" onClick={() => void send({ advance_ms: 24 * 60 * MINUTE }, '时钟已前进 1 天')}>
          +1天
        </button>
        <button type="button" aria-pressed={clock?.frozen ?? false} onClick={() => void send({ frozen: !clock?.frozen }, clock?.frozen ? '时钟继续运行' : '时钟已冻结')}>
          {clock?.frozen ? '运行' : '冻结'}
        </button>
      </div>
      <TabForm
        onSubmit={() => {
          if (value) void send({ now: `${value.length === 16 ? `${value}:00` : value}+08:00` }, '时钟已设定');
        }}
      >
        <Field label="设为（北京时间）">
          <input type="datetime-local" value={value} onChange={(e) => setValue(e.target.value)} />
        </Field>
        <SubmitButton>设置</SubmitButton>
      </TabForm>
    </div>
  );
}
