/** An invoice's stages as steps: 提交申请 → 开票 → 已开票 (electronic) or 已寄出 (paper). */
import { invoiceKind, invoiceStatus } from '#contract/coded-values';
import { formatDateTime } from '../../lib/format.ts';
import type { Data } from '../../lib/api/queries.ts';
import type { Step } from '../../components/ui/status-steps.tsx';

export type Invoice = NonNullable<Data<'query_invoice_detail'>>;

export function invoiceSteps(invoice: Pick<Invoice, 'status' | 'invoice_kind' | 'applied_at' | 'issued_at' | 'express_no'>): Step[] {
  const applied: Step = { label: '提交申请', state: 'done', time: formatDateTime(invoice.applied_at) };
  const issuedAt = invoice.issued_at ? formatDateTime(invoice.issued_at) : null;
  const paper = invoice.invoice_kind === invoiceKind.values.paper;
  switch (invoice.status) {
    case invoiceStatus.values.applying:
      return paper
        ? [applied, { label: '开具发票', state: 'current', note: '开票中' }, { label: '已寄出', state: 'todo' }]
        : [applied, { label: '开具发票', state: 'current', note: '开票中' }, { label: '已开票', state: 'todo' }];
    case invoiceStatus.values.issued:
      return paper
        ? [applied, { label: '开具发票', state: 'done', time: issuedAt }, { label: '已寄出', state: 'current', note: '等待寄出' }]
        : [applied, { label: '开具发票', state: 'done', time: issuedAt }, { label: '已开票', state: 'done', note: '可下载电子发票' }];
    case invoiceStatus.values.mailed:
      return [applied, { label: '开具发票', state: 'done', time: issuedAt }, { label: '已寄出', state: 'done', note: invoice.express_no ? `快递单号 ${invoice.express_no}` : null }];
    case invoiceStatus.values.rejected:
      return [applied, { label: '开票失败', state: 'failed' }];
    case invoiceStatus.values.reversed:
      return [applied, { label: '开具发票', state: 'done', time: issuedAt }, { label: '已红冲', state: 'done', note: '退费或补缴后已作废，以换开的发票为准' }];
  }
}
