/** 故障: the world's pending faults and fixed answers, one added as JSON (the server names any mistake), all cleared. */
import { useState } from 'react';
import classes from '../panel/panel.module.css';
import { control, useControlRead } from './api.ts';
import own from './server-panel.module.css';
import type { PanelTabProps } from './tabs.ts';

const EXAMPLE = `{
  "operation": "order_detail",
  "match": { "path_params": { "id": 153 } },
  "status": 500,
  "times": 1
}`;

export function ServerFaultsTab({ world, act }: PanelTabProps) {
  const [pending, refresh] = useControlRead<{ faults: unknown[] }>(world, 'faults', 2000);
  const [text, setText] = useState(EXAMPLE);
  const faults = pending?.faults ?? [];

  return (
    <div className={`${classes.tabBody} ${own.columns}`}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void act(async () => {
            let fault: unknown;
            try {
              fault = JSON.parse(text);
            } catch {
              throw new Error('不是合法的 JSON');
            }
            await control(world, 'POST', 'faults', fault);
            refresh();
            return { text: '已添加。', tone: 'ok' };
          });
        }}
      >
        <h3>添加故障或固定应答（JSON，一条或数组；字段见 docs/mock.md）</h3>
        <textarea className={own.editor} aria-label="故障 JSON" value={text} onChange={(e) => setText(e.target.value)} spellCheck={false} />
        <div className={classes.row}>
          <button type="submit" className={classes.primary}>
            添加
          </button>
          <button
            type="button"
            onClick={() =>
              void act(async () => {
                await control(world, 'DELETE', 'faults');
                refresh();
                return { text: '已清除全部故障。', tone: 'ok' };
              })
            }
          >
            清除全部
          </button>
        </div>
      </form>
      <div>
        <h3>待生效（{faults.length}）</h3>
        <pre className={own.json}>{faults.length === 0 ? '没有故障。' : JSON.stringify(faults, null, 2)}</pre>
      </div>
    </div>
  );
}
