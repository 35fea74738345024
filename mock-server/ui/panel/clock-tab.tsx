/** 时钟: mock now, set it, move it (+30分钟 / +1小时 / +1天), freeze or run it. */
import { useState } from 'react';
import { DAY, HOUR, MINUTE, toIso } from '#fixtures/time';
import clockClasses from './clock-tab.module.css';
import classes from './panel.module.css';
import { Field, TabForm, SubmitButton } from './field.tsx';
import { beijing, type TabProps } from './shared.tsx';

export function ClockTab({ mock, act }: TabProps) {
  const now = mock.state.now();
  const [value, setValue] = useState(() => toIso(now).slice(0, 16));
  const frozen = mock.state.clock.frozen;
  const move = (ms: number, label: string) =>
    act(async () => {
      const result = await mock.control.clock({ advance_ms: ms });
      return { text: `时钟已前进${label}，现在 ${result.now.slice(0, 16).replace('T', ' ')}。`, tone: 'ok', reload: true };
    });

  return (
    <div className={classes.tabBody}>
      <p className={clockClasses.clock} aria-live="off">
        <span className={clockClasses.big}>{beijing(now)}</span>
        <span className={`${clockClasses.pill} ${frozen ? clockClasses.frozen : clockClasses.running}`}>{frozen ? '已冻结' : '运行中'}</span>
      </p>
      <p className={`${classes.muted} ${classes.small}`}>模拟时间（北京时间），报名窗口、支付时限、退费和发票期限都按它计算。</p>
      <TabForm
        onSubmit={() => {
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
        <SubmitButton>设置</SubmitButton>
      </TabForm>
      <div className={classes.row}>
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
