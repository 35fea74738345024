import { Link } from 'react-router-dom';
import { LinkButton } from '#src/components/journey/outcome.tsx';
import { RecordPage } from '#src/components/ui/record-page.tsx';
import { ApplyInvoiceView } from './apply-invoice-view.tsx';
import { href } from '#src/lib/routes.ts';
import { useRouteSearch } from '#src/lib/use-route-search.ts';

/** What the page says when its address names no record. */
const MISSING = {
  title: '没有找到要开票的订单',
  hint: '请在「发票管理」中选择已支付的订单后申请发票。',
  action: (
    <LinkButton variant="secondary" to={href('invoices')}>
      去发票管理
    </LinkButton>
  ),
};

export function ApplyInvoicePage() {
  const search = useRouteSearch('invoiceRequest');
  return (
    <RecordPage plain title="申请发票" actions={<Link to={href('invoices')}>发票管理</Link>} id={search.id} missing={MISSING}>
      {(orderId) => <ApplyInvoiceView orderId={orderId} />}
    </RecordPage>
  );
}
