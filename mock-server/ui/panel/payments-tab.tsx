/** 支付: the trades waiting for a result, settled by hand, and auto-pay for new ones. */
import { useState } from 'react';
import { payType } from '#contract/index';
import { fromIso } from '#fixtures/time';
import type { Row } from '../../core/db.ts';
import classes from './panel.module.css';
import paymentClasses from './payments-tab.module.css';
import { Field, TabForm, SubmitButton } from './field.tsx';
import { beijing, yuan, type TabProps } from './shared.tsx';

const WAITING = 1; // paymentStatus.values.waiting

export function PaymentsTab({ mock, act }: TabProps) {
  const { db } = mock.state;
  const waiting = db.trades.findMany((q) => q.where({ status: WAITING })).sort((a, b) => fromIso(b.created_at) - fromIso(a.created_at));
  const autoPay = mock.state.settings.autoPay;
  const [auto, setAuto] = useState(autoPay ? autoPay.outcome : 'off');
  const [after, setAfter] = useState(String(autoPay ? autoPay.afterMs / 1000 : 5));
  const what = (trade: Row<'trades'>) => {
    if (trade.order_id !== null) {
      const order = db.orders.findFirst((q) => q.where({ id: trade.order_id! }));
      return `订单 ${order?.order_no ?? trade.order_id}`;
    }
    return `补缴费用 #${trade.supply_fee_id}`;
  };
  const settle = (tradeNo: string, outcome: 'success' | 'fail') =>
    act(async () => {
      await mock.control.settle(tradeNo, outcome);
      return { text: `交易 ${tradeNo} 已${outcome === 'success' ? '支付成功' : '支付失败'}。支付页会经 websocket 或轮询得知结果。`, tone: 'ok', reload: true };
    });

  return (
    <div className={classes.tabBody}>
      <h3>等待支付的交易（{waiting.length}）</h3>
      {waiting.length === 0 ? (
        <p className={`${classes.muted} ${classes.small}`}>没有等待支付的交易。在门户中发起支付（pay_sign_up / pay_supply_fee）后会出现在这里。</p>
      ) : (
        <ul className={`${classes.list} ${paymentClasses.trades}`}>
          {waiting.map((t) => (
            <li key={t.trade_no}>
              <div>
                <code>{t.trade_no}</code>
                <div className={`${classes.muted} ${classes.small}`}>
                  {what(t)} · {yuan(t.amount)} · {payType.label(t.pay_type)} · {beijing(fromIso(t.created_at)).slice(5, 16)} 发起
                </div>
              </div>
              <div className={classes.row}>
                <button type="button" className={classes.primary} onClick={() => void settle(t.trade_no, 'success')} aria-label={`交易 ${t.trade_no} 支付成功`}>
                  支付成功
                </button>
                <button type="button" className={classes.danger} onClick={() => void settle(t.trade_no, 'fail')} aria-label={`交易 ${t.trade_no} 支付失败`}>
                  支付失败
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <TabForm
        onSubmit={() => {
          void act(async () => {
            const { settings } = await mock.control.settings({
              auto_pay: auto === 'off' ? null : { outcome: auto as 'success' | 'fail', after_ms: Math.round(Number(after || 0) * 1000) },
            });
            const a = settings.autoPay;
            return { text: a ? `新交易将在 ${a.afterMs / 1000} 秒后自动${a.outcome === 'success' ? '支付成功' : '支付失败'}。` : '新交易将等待手动结算。', tone: 'ok' };
          });
        }}
      >
        <Field label="新交易自动结算">
          <select value={auto} onChange={(e) => setAuto(e.target.value)}>
            <option value="off">不自动（手动结算）</option>
            <option value="success">自动支付成功</option>
            <option value="fail">自动支付失败</option>
          </select>
        </Field>
        <Field label="延后秒数">
          <input type="number" min={0} value={after} disabled={auto === 'off'} onChange={(e) => setAfter(e.target.value)} />
        </Field>
        <SubmitButton primary={false}>保存</SubmitButton>
      </TabForm>
    </div>
  );
}
