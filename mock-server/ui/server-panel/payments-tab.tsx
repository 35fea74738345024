/** 支付: the world's trades waiting for a result (read every two seconds), settled by hand, and auto-pay for new ones. */
import { useEffect, useState } from 'react';
import { payType } from '#contract/index';
import type { MockSettings } from '../../core/state.ts';
import { Field, TabForm, SubmitButton } from '../panel/field.tsx';
import classes from '../panel/panel.module.css';
import paymentClasses from '../panel/payments-tab.module.css';
import { yuan } from '../panel/shared.tsx';
import { control, shortTime, useControlRead, type WaitingTrade } from './api.ts';
import type { PanelTabProps } from './tabs.ts';

export function ServerPaymentsTab({ world, act }: PanelTabProps) {
  const [waiting, refresh] = useControlRead<{ trades: WaitingTrade[] }>(world, 'payments', 2000);
  const [settings] = useControlRead<{ settings: MockSettings }>(world, 'settings');
  const [auto, setAuto] = useState('off');
  const [after, setAfter] = useState('5');
  const autoPay = settings?.settings.autoPay;
  useEffect(() => {
    // The form starts from the world's own setting, once it has been read.
    if (autoPay === undefined) return;
    setAuto(autoPay ? autoPay.outcome : 'off');
    if (autoPay) setAfter(String(autoPay.afterMs / 1000));
  }, [autoPay]);
  const trades = waiting?.trades ?? [];
  const settle = (tradeNo: string, outcome: 'success' | 'fail') =>
    act(async () => {
      await control(world, 'POST', `payments/${encodeURIComponent(tradeNo)}`, { outcome });
      refresh();
      return { text: `交易 ${tradeNo} 已${outcome === 'success' ? '支付成功' : '支付失败'}。`, tone: 'ok' };
    });

  return (
    <div className={classes.tabBody}>
      <h3>等待支付的交易（{waiting ? trades.length : '…'}）</h3>
      {trades.length === 0 ? (
        <p className={`${classes.muted} ${classes.small}`}>没有等待支付的交易。在门户中发起支付（pay_sign_up / pay_supply_fee）后会出现在这里。</p>
      ) : (
        <ul className={`${classes.list} ${paymentClasses.trades}`}>
          {trades.map((t) => (
            <li key={t.trade_no}>
              <div>
                <code>{t.trade_no}</code>
                <div className={`${classes.muted} ${classes.small}`}>
                  {t.order_id !== null ? `订单 ${t.order_no ?? t.order_id}` : `补缴费用 #${t.supply_fee_id}`} · {yuan(t.amount)} · {payType.label(t.pay_type)} · {shortTime(t.created_at)} 发起
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
            const body = { auto_pay: auto === 'off' ? null : { outcome: auto, after_ms: Math.round(Number(after || 0) * 1000) } };
            const { settings: saved } = await control<{ settings: MockSettings }>(world, 'POST', 'settings', body);
            const a = saved.autoPay;
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
