/**
 * /collectMoneySupply?supplyFeeId={id}: pays a supplementary fee with the same cashier as an
 * order. The fee is read by its id (supply_fee_detail, the project's own call, decision 033), or
 * found in my_supply_fee_list on a backend without it (decision 057); its status there decides
 * what the page shows, so a payment counts only once the backend says it is paid (the payment's
 * invalidations ask it again).
 */
import { errorCodes } from '#contract/error-codes';
import { supplyFeeStatus } from '#contract/coded-values';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState, LoadingState } from '../../components/ui/states.tsx';
import type { Data } from '../../lib/api/queries.ts';
import { failureCode } from '../../lib/api/failure-text.ts';
import { formatDateTime, formatYuan } from '../../lib/format.ts';
import { LinkButton, Outcome } from '../../components/journey/outcome.tsx';
import { QueryFailed } from '../../components/ui/query-failed.tsx';
import { PayPanel } from './pay-panel.tsx';
import { Fact, FactBox } from '#src/components/ui/facts.tsx';
import ui from '#src/components/ui/ui.module.css';
import { href } from '#src/lib/routes.ts';
import { supplyFeeQuery } from './supply-fee-pay-page.data.ts';

type SupplyFee = Data<'supply_fee_detail'>;

export function SupplyFeePayView({ supplyFeeId }: { supplyFeeId: number }) {
  const query = useQuery(supplyFeeQuery(supplyFeeId));
  const [justPaid, setJustPaid] = useState(false);
  const reload = () => void query.refetch();

  if (query.isPending) return <LoadingState />;
  if (query.isError && failureCode(query.error) !== errorCodes.notFound.code) {
    return <QueryFailed error={query.error} title="补缴信息加载失败" onRetry={reload} />;
  }
  const fee = query.data;
  if (!fee) {
    return <EmptyState title="没有找到该补缴单" hint="链接可能已失效，请在「补缴费用」中查看。" action={<LinkButton to={href('supplyFees')}>查看补缴费用</LinkButton>} />;
  }
  const facts = <SupplyFeeFacts fee={fee} />;
  const onward = [
    { to: href('orderDetails', { id: fee.order_id }), label: '查看订单' },
    { to: href('supplyFees'), label: '补缴记录' },
  ];

  if (fee.status === supplyFeeStatus.values.paid) {
    return (
      <div className={ui.stack}>
        <Outcome kind="success" title={justPaid ? '补缴成功' : '该补缴已支付'} onward={onward}>
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
      <div className={ui.stack}>
        <Outcome kind="failed" title="补缴已截止" onward={onward}>
          <p>该补缴已于 {formatDateTime(fee.deadline)} 截止，不能再支付。如有疑问请联系授课中心。</p>
        </Outcome>
        {facts}
      </div>
    );
  }
  return (
    <div className={ui.stack}>
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
    <FactBox label="补缴信息">
      <Fact term="补缴项目">{fee.title}</Fact>
      <Fact term="课程">{fee.class_name}</Fact>
      <Fact term="报名孩子">{fee.contact_name}</Fact>
      <Fact term="订单号">{fee.order_no}</Fact>
      <Fact term="补缴截止">{formatDateTime(fee.deadline)}</Fact>
      <Fact term="补缴金额" amount>
        {formatYuan(fee.amount)}
      </Fact>
    </FactBox>
  );
}
