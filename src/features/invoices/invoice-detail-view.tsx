/** /personal/invoiceInfo?id={order id}: the invoice of one order, its progress, and the PDF once issued. */
import { Link } from 'react-router-dom';
import { invoiceKind, invoiceStatus, invoiceTitleType } from '#contract/coded-values';
import { StatusText } from '../../components/ui/badge.tsx';
import { BackendLink } from '../../components/ui/backend-link.tsx';
import { PageFrame } from '../../components/ui/page-frame.tsx';
import { EmptyState, LoadingState } from '../../components/ui/states.tsx';
import { QueryFailed } from '../../components/ui/query-failed.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { fullAddress } from '../../lib/mail-info.ts';
import { StatusSteps } from '../../components/ui/status-steps.tsx';
import { useOssUrl } from '../../lib/session/oss.ts';
import { invoiceSteps, type Invoice } from './invoice-steps.ts';
import { Fact, FactBox } from '#src/components/ui/facts.tsx';
import { Summary, Refusal } from '#src/components/ui/record-summary.tsx';
import ui from '#src/components/ui/ui.module.css';
import styles from './invoices.module.css';
import { href } from '#src/lib/routes.ts';
import { useQuery } from '@tanstack/react-query';
import { invoiceQuery } from './invoice-info-page.data.ts';
import { orderDetailQuery } from '../../lib/api/shared-queries.ts';

export function InvoiceDetailView({ orderId }: { orderId: number }) {
  const invoice = useQuery(invoiceQuery(orderId));
  return (
    <PageFrame plain title="发票详情" actions={<Link to={href('invoices')}>返回发票管理</Link>}>
      {invoice.isPending ? (
        <LoadingState label="正在加载发票" />
      ) : invoice.isError ? (
        <QueryFailed error={invoice.error} title="发票加载失败" onRetry={() => void invoice.refetch()} />
      ) : invoice.data === null ? (
        <NoInvoice orderId={orderId} />
      ) : (
        <InvoiceCard invoice={invoice.data} />
      )}
    </PageFrame>
  );
}

/** No invoice was asked for: offer one when the order allows it. */
function NoInvoice({ orderId }: { orderId: number }) {
  const order = useQuery(orderDetailQuery(orderId));
  if (order.isPending) return <LoadingState />;
  const canInvoice = order.data?.can_invoice ?? false;
  return (
    <EmptyState
      title="该订单尚未申请发票"
      hint={canInvoice ? `${order.data!.class_name}（${order.data!.contact_name}）可以申请发票。` : '该订单当前不能申请发票：发票须在订单支付后90天内申请，退费中或已全额退费的订单不能开票。'}
      action={
        canInvoice ? (
          <Link className={styles.primaryLink} to={href('invoiceRequest', { id: orderId })}>
            申请发票
          </Link>
        ) : undefined
      }
    />
  );
}

/** What takes the PDF link's place while there is none to give. */
function waitingText(invoice: Invoice): string {
  if (invoice.status === invoiceStatus.values.rejected) return '开票失败，未开具发票';
  if (invoice.status === invoiceStatus.values.reversed) return '已红冲作废';
  if (invoice.invoice_kind === invoiceKind.values.electronic) {
    // Issued, but the backend gave no file that is a link (decision 046).
    return invoice.status === invoiceStatus.values.applying ? '开票后可在此下载电子发票' : '电子发票文件暂不可下载';
  }
  if (invoice.status === invoiceStatus.values.mailed) return invoice.express_no ? `纸质发票已寄出，快递单号 ${invoice.express_no}` : '纸质发票已寄出';
  return invoice.status === invoiceStatus.values.issued ? '纸质发票已开具，即将寄出' : '纸质发票开具后将邮寄给您';
}

function InvoiceCard({ invoice }: { invoice: Invoice }) {
  const ossUrl = useOssUrl();
  // Neither a failed nor a reversed (红冲) invoice is one to keep.
  const pdf = invoice.status !== invoiceStatus.values.rejected && invoice.status !== invoiceStatus.values.reversed ? ossUrl(invoice.file_url) : null;
  const company = invoice.title_type === invoiceTitleType.values.company;
  const paper = invoice.invoice_kind === invoiceKind.values.paper;
  return (
    <div className={styles.stack}>
      <Summary label="发票概况" status={{ label: '发票状态', value: <StatusText value={invoice.status} of={invoiceStatus} /> }} amount={{ label: '开票金额', fen: invoice.amount }}>
        <div className={styles.summaryAction}>
          <BackendLink file href={pdf} className={styles.primaryLink} fallback={<span className={ui.muted}>{waitingText(invoice)}</span>}>
            下载电子发票（PDF）
          </BackendLink>
        </div>
      </Summary>

      <StatusSteps steps={invoiceSteps(invoice)} label="开票进度" />

      {invoice.status === invoiceStatus.values.rejected && (
        <Refusal title="开票失败">
          <p>请核对发票抬头和纳税人识别号后重新申请。</p>
          <p>
            <Link to={href('invoiceRequest', { id: invoice.order_id })}>重新申请发票</Link>
          </p>
        </Refusal>
      )}

      <FactBox label="发票信息">
        <Fact term="订单号">
          <Link to={href('orderDetails', { id: invoice.order_id })}>{invoice.order_no}</Link>
        </Fact>
        <Fact term="发票号码" valueClassName={ui.mono}>
          {invoice.invoice_no ?? '开票后生成'}
        </Fact>
        <Fact term="抬头类型">{invoiceTitleType.label(invoice.title_type)}</Fact>
        <Fact term="发票抬头">{invoice.title}</Fact>
        {company && (
          <Fact term="税号" valueClassName={ui.mono}>
            {invoice.tax_number ?? '—'}
          </Fact>
        )}
        <Fact term="发票形式">{invoiceKind.label(invoice.invoice_kind)}</Fact>
        {paper ? (
          <>
            <Fact term="邮寄地址" wide>
              {invoice.mail_info ? `${invoice.mail_info.receiver} ${invoice.mail_info.phone}，${fullAddress(invoice.mail_info)}` : '—'}
            </Fact>
            <Fact term="快递单号" valueClassName={ui.mono}>
              {invoice.express_no ?? '寄出后生成'}
            </Fact>
          </>
        ) : (
          <Fact term="接收邮箱">{invoice.email ?? '—'}</Fact>
        )}
        <Fact term="申请时间">{formatDateTime(invoice.applied_at)}</Fact>
        <Fact term="开票时间">{formatDateTime(invoice.issued_at)}</Fact>
      </FactBox>
    </div>
  );
}
