/**
 * The cashier of an order or a supplementary fee: the time left, the pay types as cards, and the
 * QR code of the current trade (drawn locally) with its amount. A failure says why and offers
 * 重新支付; choosing another pay type asks for a new QR code at once. Every button is disabled
 * while a request runs, so one click never becomes two payments.
 */
import { linkOrNull } from '#contract/links';
import { payType } from '#contract/coded-values';
import type { Fen } from '#contract/fen';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { LoadingState } from '../../components/ui/states.tsx';
import { formatCountdown, formatDateTime, formatYuan } from '../../lib/format.ts';
import { Notice } from '../../components/journey/notice.tsx';
import { QueryFailed } from '../../components/ui/query-failed.tsx';
import { useCountdown } from '../../lib/clock.ts';
import { QrCode } from '../../components/ui/qr-code.tsx';
import type { PayTarget, PayTypeValue } from './pay-target.ts';
import { usePayment, type PaymentPhase } from './use-payment.ts';
import styles from './payment.module.css';
import { useQuery } from '@tanstack/react-query';
import { payTypesQuery } from './payment-queries.ts';

/** How far a device clock may run behind before its countdown is not shown. */
const CLOCK_TOLERANCE_MS = 60_000;

export function PayPanel({
  target,
  amount,
  openedAt,
  deadline,
  deadlineNote,
  onPaid,
  onExpired,
  onStale,
}: {
  target: PayTarget;
  amount: Fen;
  /** Start and end of the payment window (ISO): the order placed or the fee charged, and its deadline. */
  openedAt: string;
  deadline: string;
  /** What happens when it passes, e.g. 超时订单将自动关闭. */
  deadlineNote: string;
  onPaid: () => void;
  /** The window has passed on this device's clock. */
  onExpired: () => void;
  /** The backend refused because the order or fee changed meanwhile: reload it. */
  onStale: () => void;
}) {
  const { now, left } = useCountdown(deadline, onExpired);
  // More time left than the whole window means this device's clock is behind the backend's: a
  // countdown would be wrong, so only the deadline itself is shown.
  const clockPlausible = left <= Date.parse(deadline) - Date.parse(openedAt) + CLOCK_TOLERANCE_MS;
  const payTypes = useQuery(payTypesQuery());
  const [chosen, setChosen] = useState<PayTypeValue | null>(null);
  const type = chosen ?? payTypes.data?.list[0]?.value ?? null;
  const { phase, pay } = usePayment(target, { onPaid, onStale, now });

  if (payTypes.isPending) return <LoadingState label="正在加载支付方式" />;
  if (payTypes.isError) return <QueryFailed error={payTypes.error} title="支付方式加载失败" onRetry={() => void payTypes.refetch()} />;

  // Asking for a QR code, or paid and leaving: no other pay type now.
  const busy = phase.kind === 'starting' || phase.kind === 'paid';
  function choose(value: PayTypeValue) {
    setChosen(value);
    // With a QR code (or an outcome) on screen, another pay type means a new trade at once.
    if (phase.kind !== 'idle' && value !== type) pay(value);
  }

  return (
    <section className={styles.panel} aria-labelledby="pay-heading">
      <div className={styles.panelHead}>
        <h2 id="pay-heading" className={styles.panelTitle}>
          选择支付方式
        </h2>
        {clockPlausible ? (
          <p className={styles.deadline} role="timer" aria-live="off">
            剩余支付时间 <strong>{formatCountdown(left)}</strong>
            <span className={styles.muted}>
              （{formatDateTime(deadline)} 前有效，{deadlineNote}）
            </span>
          </p>
        ) : (
          <p className={styles.deadline}>
            请在 <strong>{formatDateTime(deadline)}</strong> 前完成支付
            <span className={styles.muted}>（{deadlineNote}）</span>
          </p>
        )}
      </div>

      <div role="radiogroup" aria-label="支付方式" className={styles.payTypes}>
        {payTypes.data.list.map((option) => (
          <label key={option.value} className={`${styles.payType} ${option.value === type ? styles.payTypeChosen : ''}`}>
            <input type="radio" name="pay-type" value={option.value} checked={option.value === type} disabled={busy} onChange={() => choose(option.value)} />
            <PayTypeMark value={option.value} />
            <span>{option.label}</span>
          </label>
        ))}
      </div>

      <PhaseView phase={phase} amount={amount} type={type} onPay={() => type !== null && pay(type)} />
    </section>
  );
}

function PhaseView({ phase, amount, type, onPay }: { phase: PaymentPhase; amount: Fen; type: PayTypeValue | null; onPay: () => void }) {
  switch (phase.kind) {
    case 'idle':
    case 'starting':
      return (
        <div className={styles.payBar}>
          <span>
            支付金额 <strong className={styles.amount}>{formatYuan(amount)}</strong>
          </span>
          <Button size="lg" loading={phase.kind === 'starting'} disabled={type === null} onClick={onPay}>
            {phase.kind === 'starting' ? '正在生成支付二维码' : '立即支付'}
          </Button>
        </div>
      );
    case 'refused':
      return (
        <div className={styles.outcomeBox}>
          <Notice tone="danger" title="未能发起支付">
            <p>{phase.message}</p>
          </Notice>
          <Button onClick={onPay}>重新发起支付</Button>
        </div>
      );
    case 'waiting':
    case 'paid':
      return (
        <div className={styles.qrBox}>
          <div className={styles.qr}>
            {linkOrNull(phase.trade.pay_url, 'pay') ? (
              <QrCode text={phase.trade.pay_url} size={200} label={`${payType.label(phase.trade.pay_type)}支付二维码`} />
            ) : (
              // A payment link left out (decision 046): nothing to scan; the result still arrives.
              <span role="img" aria-label="支付二维码无法显示">
                二维码无法显示，请重新发起支付
              </span>
            )}
          </div>
          <div className={styles.qrText}>
            <p className={styles.qrAmount}>
              应付金额 <strong className={styles.amount}>{formatYuan(phase.trade.amount)}</strong>
            </p>
            <p>
              请使用<strong>{phase.trade.pay_type === payType.values.wechat ? '微信' : '支付宝'}</strong>扫描二维码完成支付
            </p>
            <p className={styles.waiting} role="status">
              {phase.kind === 'paid' ? (
                '支付成功，正在确认…'
              ) : (
                <>
                  <span className={styles.spin} aria-hidden="true" />
                  等待支付结果，支付完成后页面会自动更新，请勿关闭本页
                </>
              )}
            </p>
            <p className={styles.muted}>
              交易号：{phase.trade.trade_no}
              {'\u3000'}二维码 {formatDateTime(phase.trade.expire_at)} 前有效
            </p>
          </div>
        </div>
      );
    case 'failed':
    case 'closed':
      return (
        <div className={styles.outcomeBox}>
          <Notice tone={phase.kind === 'failed' ? 'danger' : 'warning'} title={phase.kind === 'failed' ? '支付失败' : '本次支付已关闭'}>
            <p>{phase.reason}</p>
          </Notice>
          <Button onClick={onPay}>重新支付</Button>
        </div>
      );
  }
}

/** A small mark for each pay type, drawn inline in its brand colour. */
function PayTypeMark({ value }: { value: PayTypeValue }) {
  const wechat = value === payType.values.wechat;
  return (
    <svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true">
      <rect width="28" height="28" rx="6" fill={wechat ? '#09bb07' : '#1677ff'} />
      <text x="14" y="19" textAnchor="middle" fontSize="14" fontWeight="700" fill="#fff">
        {wechat ? '微' : '支'}
      </text>
    </svg>
  );
}
