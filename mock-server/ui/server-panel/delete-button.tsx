/**
 * 删除 for a world or a snapshot: its own world's at once, another world's after the person
 * confirms (the server then needs ?force=true, decision 055).
 */
import classes from '../panel/panel.module.css';
import { control } from './api.ts';
import type { PanelTabProps } from './tabs.ts';

interface DeleteButtonProps extends Pick<PanelTabProps, 'world' | 'act'> {
  kind: 'worlds' | 'snapshots';
  name: string;
  /** Whether it belongs to the panel's world. */
  mine: boolean;
  /** How the notice names it: 世界「x」, 快照「x」. */
  label: string;
  disabled?: boolean;
  /** After it is gone (the list is read again). */
  then: () => void;
}

export function DeleteButton({ world, act, kind, name, mine, label, disabled, then }: DeleteButtonProps) {
  return (
    <button
      type="button"
      className={`${classes.mini} ${classes.danger}`}
      disabled={disabled}
      onClick={() =>
        void act(async () => {
          if (!mine && !window.confirm(`${label}不属于世界「${world}」，确定删除？`)) return { text: '未删除。', tone: 'ok' };
          await control(world, 'DELETE', `${kind}/${encodeURIComponent(name)}${mine ? '' : '?force=true'}`);
          then();
          return { text: `已删除${label}。`, tone: 'ok' };
        })
      }
    >
      删除
    </button>
  );
}
