/** 支付: the world's trades waiting for a result (read every two seconds), settled by hand, and auto-pay for new ones. */
import type { MockSettings } from '../../core/state.ts';
import classes from '../panel/panel.module.css';
import { AutoPayForm, WaitingTrades, whatTradePays } from '../panel/trades.tsx';
import { control, shortTime, useControlRead, type WaitingTrade } from './api.ts';
import type { PanelTabProps } from './tabs.ts';

export function ServerPaymentsTab({ world, act }: PanelTabProps) {
  const [waiting, refresh] = useControlRead<{ trades: WaitingTrade[] }>(world, 'payments', 2000);
  const [read] = useControlRead<{ settings: MockSettings }>(world, 'settings');
  const trades = waiting?.trades.map((t) => ({ ...t, what: whatTradePays(t, t.order_no), opened: shortTime(t.created_at).slice(0, 11) })) ?? null;
  const settle = (tradeNo: string, outcome: 'success' | 'fail') =>
    void act(async () => {
      await control(world, 'POST', `payments/${encodeURIComponent(tradeNo)}`, { outcome });
      refresh();
      return { text: `交易 ${tradeNo} 已${outcome === 'success' ? '支付成功' : '支付失败'}。`, tone: 'ok' };
    });
  const save = async (autoPay: unknown) => (await control<{ settings: MockSettings }>(world, 'POST', 'settings', { auto_pay: autoPay })).settings.autoPay;

  return (
    <div className={classes.tabBody}>
      <WaitingTrades trades={trades} settle={settle} />
      {/* Keyed by the world's setting: the form starts from it once it has been read. */}
      {read && <AutoPayForm key={`${world} ${JSON.stringify(read.settings.autoPay)}`} current={read.settings.autoPay} act={act} save={save} />}
    </div>
  );
}
