/**
 * /collectMoneySupply?supplyFeeId={id}: pays a supplementary fee with the same cashier as an
 * order. The fee is found in my_supply_fee_list (there is no call for one fee); its status there
 * decides what the page shows, so a payment counts only once the backend lists it as paid.
 */
import { supplyFeeStatus } from '#contract/index';
import { useState } from 'react';
import { EmptyState, LoadingState } from '../../components/ui/states.tsx';
import { useApiQuery, type Data } from '../../lib/api/queries.ts';
import { formatDateTime, formatYuan } from '../../lib/format.ts';
import { LinkButton, Outcome } from '../../components/journey/outcome.tsx';
import { QueryFailed } from '../../components/ui/query-failed.tsx';
import { PayPanel } from './pay-panel.tsx';
import styles from './payment.module.css';

type SupplyFee = Data<'my_supply_fee_list'>['list'][number];

/** Enough for every fee of a family (a handful a year); the list has no call for one fee. */
const FEE_PAGE_SIZE = 100;

export function SupplyFeePayView({ supplyFeeId }: { supplyFeeId: number }) {
  const fees = useApiQuery('my_supply_fee_list', { query: { page_size: FEE_PAGE_SIZE } }, { errorHandling: 'manual' });
  const [justPaid, setJustPaid] = useState(false);
  const reload = () => void fees.refetch();

  if (fees.isPending) return <LoadingState />;
  if (fees.isError) return <QueryFailed error={fees.error} title="补缴信息加载失败" onRetry={() => void fees.refetch()} />;
  const fee = fees.data.list.find((f) => f.id === supplyFeeId);
  if (!fee) {
    return <EmptyState title="没有找到该补缴单" hint="链接可能已失效，请在「补缴费用」中查看。" action={<LinkButton to="/personal/supplyFee">查看补缴费用</LinkButton>} />;
  }
  const facts = <SupplyFeeFacts fee={fee} />;
  const onward = (
    <>
      <LinkButton to={`/personal/orderDetails?id=${fee.order_id}`}>查看订单</LinkButton>
      <LinkButton to="/personal/supplyFee" variant="secondary">
        补缴记录
      </LinkButton>
    </>
  );

  if (fee.status === supplyFeeStatus.values.paid) {
    return (
      <div className={styles.stack}>
        <Outcome kind="success" title={justPaid ? '补缴成功' : '该补缴已支付'} actions={onward}>
          <p>
            {fee.title} {formatYuan(fee.amount)} 已于 {formatDateTime(fee.pay_time)} 支付。
          </p>
        </Outcome>
        {facts}
      </div>
    );
  }
  if (fee.status === supplyFeeStatus.values.closed) {
    return (
      <div className={styles.stack}>
        <Outcome kind="failed" title="补缴已截止" actions={onward}>
          <p>该补缴已于 {formatDateTime(fee.deadline)} 截止，不能再支付。如有疑问请联系授课中心。</p>
        </Outcome>
        {facts}
      </div>
    );
  }
  return (
    <div className={styles.stack}>
      {facts}
      <PayPanel
        target={{ kind: 'supplyFee', supplyFeeId: fee.id }}
        amount={fee.amount}
        openedAt={fee.created_at}
        deadline={fee.deadline}
        deadlineNote="逾期将无法补缴"
        onPaid={() => setJustPaid(true)}
        onExpired={reload}
        onStale={reload}
      />
    </div>
  );
}

function SupplyFeeFacts({ fee }: { fee: SupplyFee }) {
  return (
    <section className={styles.facts} aria-label="补缴信息">
      <dl>
        <div>
          <dt>补缴项目</dt>
          <dd>{fee.title}</dd>
        </div>
        <div>
          <dt>课程</dt>
          <dd>{fee.class_name}</dd>
        </div>
        <div>
          <dt>报名孩子</dt>
          <dd>{fee.contact_name}</dd>
        </div>
        <div>
          <dt>订单号</dt>
          <dd>{fee.order_no}</dd>
        </div>
        <div>
          <dt>补缴截止</dt>
          <dd>{formatDateTime(fee.deadline)}</dd>
        </div>
        <div>
          <dt>补缴金额</dt>
          <dd className={styles.amount}>{formatYuan(fee.amount)}</dd>
        </div>
      </dl>
    </section>
  );
}
