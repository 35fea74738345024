/**
 * What both panels show of payments (the browser's 支付 and the standalone server's): the trades
 * waiting for a result, each settled by hand, and the auto-pay of new trades.
 */
import { useState } from 'react';
import { payType } from '#contract/index';
import type { MockSettings } from '../../core/state.ts';
import { Field, TabForm, SubmitButton } from './field.tsx';
import classes from './panel.module.css';
import paymentClasses from './payments-tab.module.css';
import { yuan, type Notice } from './shared.tsx';

export interface TradeLine {
  trade_no: string;
  /** What it pays: 订单 CC… or 补缴费用 #n. */
  what: string;
  /** Yuan, as the tables keep it. */
  amount: number;
  pay_type: 1 | 2;
  /** When it was opened, as shown (MM-DD hh:mm). */
  opened: string;
}

export const whatTradePays = (trade: { order_id: number | null; supply_fee_id: number | null }, orderNo: string | null) =>
  trade.order_id !== null ? `订单 ${orderNo ?? trade.order_id}` : `补缴费用 #${trade.supply_fee_id}`;

export function WaitingTrades({ trades, settle }: { trades: TradeLine[] | null; settle: (tradeNo: string, outcome: 'success' | 'fail') => void }) {
  return (
    <>
      <h3>等待支付的交易（{trades ? trades.length : '…'}）</h3>
      {!trades || trades.length === 0 ? (
        <p className={`${classes.muted} ${classes.small}`}>没有等待支付的交易。在门户中发起支付（pay_sign_up / pay_supply_fee）后会出现在这里。</p>
      ) : (
        <ul className={`${classes.list} ${paymentClasses.trades}`}>
          {trades.map((t) => (
            <li key={t.trade_no}>
              <div>
                <code>{t.trade_no}</code>
                <div className={`${classes.muted} ${classes.small}`}>
                  {t.what} · {yuan(t.amount)} · {payType.label(t.pay_type)} · {t.opened} 发起
                </div>
              </div>
              <div className={classes.row}>
                <button type="button" className={classes.primary} onClick={() => settle(t.trade_no, 'success')} aria-label={`交易 ${t.trade_no} 支付成功`}>
                  支付成功
                </button>
                <button type="button" className={classes.danger} onClick={() => settle(t.trade_no, 'fail')} aria-label={`交易 ${t.trade_no} 支付失败`}>
                  支付失败
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

type AutoPay = MockSettings['autoPay'];
type AutoPayInput = { outcome: 'success' | 'fail'; after_ms: number } | null;

/** The auto-pay of new trades, from `current`; `save` sends it and answers the setting as kept. */
export function AutoPayForm({ current, save, act }: { current: AutoPay; save: (autoPay: AutoPayInput) => Promise<AutoPay>; act: (run: () => Promise<Notice>) => Promise<void> }) {
  const [auto, setAuto] = useState(current ? current.outcome : 'off');
  const [after, setAfter] = useState(String(current ? current.afterMs / 1000 : 5));
  return (
    <TabForm
      onSubmit={() => {
        void act(async () => {
          const a = await save(auto === 'off' ? null : { outcome: auto as 'success' | 'fail', after_ms: Math.round(Number(after || 0) * 1000) });
          return { text: a ? `新交易将在 ${a.afterMs / 1000} 秒后自动${a.outcome === 'success' ? '支付成功' : '支付失败'}。` : '新交易将等待手动结算。', tone: 'ok' };
        });
      }}
    >
      <Field label="新交易自动结算">
        <select value={auto} onChange={(e) => setAuto(e.target.value as typeof auto)}>
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
  );
}
