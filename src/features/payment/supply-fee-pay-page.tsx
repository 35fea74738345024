import { RecordPage } from '#src/components/ui/record-page.tsx';
import { LinkButton } from '../../components/journey/outcome.tsx';
import { SupplyFeePayView } from './supply-fee-pay-view.tsx';
import { href } from '#src/lib/routes.ts';
import { useRouteSearch } from '#src/lib/use-route-search.ts';

/** What the page says when its address names no record. */
const MISSING = { title: '没有找到该补缴单', hint: '请在「补缴费用」中找到待补缴的项目后继续支付。', action: <LinkButton to={href('supplyFees')}>查看补缴费用</LinkButton> };

export function SupplyFeePayPage() {
  const search = useRouteSearch('supplyFeePayment');
  return (
    <RecordPage title="补缴费用" intro="请选择支付方式，使用手机扫码在截止时间前完成补缴。" id={search.supplyFeeId} missing={MISSING}>
      {(supplyFeeId) => <SupplyFeePayView supplyFeeId={supplyFeeId} />}
    </RecordPage>
  );
}
