import { Link } from 'react-router-dom';
import { RecordPage } from '#src/components/ui/record-page.tsx';
import { JourneySteps } from '../../components/journey/journey-steps.tsx';
import { SettlementView } from './settlement-view.tsx';
import { href } from '#src/lib/routes.ts';
import { useRouteSearch } from '#src/lib/use-route-search.ts';

/** What the page says when its address names no record. */
const MISSING = { title: '没有找到报名信息', hint: '请在「报名记录」中找到该报名后继续下单。', action: <Link to={href('signUps')}>查看报名记录</Link> };

export function SettlementPage() {
  const search = useRouteSearch('orderConfirm');
  return (
    <RecordPage title="确认订单" intro="核对订单信息后提交，订单将为您保留名额至支付时限。" actions={<JourneySteps current={2} />} id={search.signUpId} missing={MISSING}>
      {(signUpId) => <SettlementView signUpId={signUpId} />}
    </RecordPage>
  );
}
