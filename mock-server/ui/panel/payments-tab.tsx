/** 支付: the trades waiting for a result, settled by hand, and auto-pay for new ones. */
import { fromIso } from '#fixtures/time';
import classes from './panel.module.css';
import { beijing, type TabProps } from './shared.tsx';
import { AutoPayForm, WaitingTrades, whatTradePays } from './trades.tsx';

const WAITING = 1; // paymentStatus.values.waiting

export function PaymentsTab({ mock, act }: TabProps) {
  const { db } = mock.state;
  const waiting = db.trades.findMany((q) => q.where({ status: WAITING })).sort((a, b) => fromIso(b.created_at) - fromIso(a.created_at));
  const trades = waiting.map((t) => ({
    ...t,
    what: whatTradePays(t, t.order_id === null ? null : (db.orders.findFirst((q) => q.where({ id: t.order_id! }))?.order_no ?? null)),
    opened: beijing(fromIso(t.created_at)).slice(5, 16),
  }));
  const settle = (tradeNo: string, outcome: 'success' | 'fail') =>
    void act(async () => {
      await mock.control.settle(tradeNo, outcome);
      return { text: `交易 ${tradeNo} 已${outcome === 'success' ? '支付成功' : '支付失败'}。支付页会经 websocket 或轮询得知结果。`, tone: 'ok', reload: true };
    });

  return (
    <div className={classes.tabBody}>
      <WaitingTrades trades={trades} settle={settle} />
      <AutoPayForm current={mock.state.settings.autoPay} act={act} save={async (autoPay) => (await mock.control.settings({ auto_pay: autoPay })).settings.autoPay} />
    </div>
  );
}
