/**
 * 设置: the world's settings as POST /__mock/settings takes them: the answers' latency, spec-only
 * (§7's calls only), the hostile links every link field carries, and how many calls its journal
 * keeps. Auto-pay is on 支付, beside the trades it settles.
 */
import { useEffect, useState } from 'react';
import type { MockSettings } from '../../core/state.ts';
import { Field, TabForm, SubmitButton } from '../panel/field.tsx';
import classes from '../panel/panel.module.css';
import { latencyOf } from '../panel/shared.tsx';
import { control, useControlRead } from './api.ts';
import own from './server-panel.module.css';
import type { PanelTabProps } from './tabs.ts';

export function ServerSettingsTab({ world, act }: PanelTabProps) {
  const [read, refresh] = useControlRead<{ settings: MockSettings }>(world, 'settings');
  const [latency, setLatency] = useState('');
  const [specOnly, setSpecOnly] = useState(false);
  const [links, setLinks] = useState('');
  const [journalSize, setJournalSize] = useState('');
  const settings = read?.settings;
  useEffect(() => {
    // The form shows the world's settings each time they are read (another world, a save).
    if (!settings) return;
    setLatency(settings.latencyMs.join(','));
    setSpecOnly(settings.specOnly);
    setLinks((settings.hostileLinks ?? []).join('\n'));
    setJournalSize(String(settings.journalSize));
  }, [settings]);

  return (
    <div className={classes.tabBody}>
      <TabForm
        onSubmit={() => {
          void act(async () => {
            const hostile = links
              .split('\n')
              .map((line) => line.trim())
              .filter(Boolean);
            const body = { latency_ms: latencyOf(latency), spec_only: specOnly, hostile_links: hostile.length > 0 ? hostile : null, journal_size: Number(journalSize) };
            const { settings: saved } = await control<{ settings: MockSettings }>(world, 'POST', 'settings', body);
            refresh();
            return {
              text: `已保存：延迟 ${saved.latencyMs[0]}–${saved.latencyMs[1]} ms，${saved.specOnly ? '仅规格接口' : '全部接口'}，${saved.hostileLinks ? `${saved.hostileLinks.length} 个恶意链接` : '无恶意链接'}，请求记录保留 ${saved.journalSize} 条。`,
              tone: 'ok',
            };
          });
        }}
      >
        <Field label="响应延迟 ms（最小,最大）">
          <input value={latency} onChange={(e) => setLatency(e.target.value)} inputMode="numeric" />
        </Field>
        <Field label="请求记录保留条数">
          <input type="number" min={1} value={journalSize} onChange={(e) => setJournalSize(e.target.value)} />
        </Field>
        <label className={`${classes.check} ${classes.wide}`}>
          <input type="checkbox" checked={specOnly} onChange={(e) => setSpecOnly(e.target.checked)} /> 仅规格接口（§7）：项目自己的接口答 404
        </label>
        <Field label="恶意链接（每行一个，留空即关闭）" wide>
          <textarea className={`${own.editor} ${own.short}`} value={links} onChange={(e) => setLinks(e.target.value)} spellCheck={false} placeholder="javascript:alert(1)" />
        </Field>
        <SubmitButton wide>保存设置</SubmitButton>
      </TabForm>
      <p className={`${classes.muted} ${classes.small}`}>每个字段的含义见 docs/mock.md 的 Settings；这些设置只属于世界「{world}」。</p>
    </div>
  );
}
