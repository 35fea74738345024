/**
 * /personal/applyInvoice?id={order id} 申请发票: title (个人/单位), tax number for a company, an
 * electronic invoice by email (the bound mailbox by default, when there is one and the backend
 * takes use_bound_mailbox, decision 057) or a paper one by post, checked with the contract's own schema (lib/forms/use-form.ts), confirmed, then sent once.
 */
import { useEffect, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { Link, useNavigate } from 'react-router-dom';
import type { invoiceApplicationSchema } from '#contract/index';
import { invoiceKind, invoiceStatus, invoiceTitleType } from '#contract/coded-values';
import type { Fen } from '#contract/fen';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Field, FieldName, TextArea, TextInput } from '../../components/ui/field.tsx';
import { LoadingState } from '../../components/ui/states.tsx';
import { QueryFailed } from '../../components/ui/query-failed.tsx';
import { useProposals } from '../../lib/api/proposals.ts';
import { useApiMutation, type Data } from '../../lib/api/queries.ts';
import { formatYuan } from '../../lib/format.ts';
import { toast } from '../../stores/toast-store.ts';
import { fieldErrors, type Checked } from '../../lib/forms/field-errors.ts';
import { useForm } from '../../lib/forms/use-form.ts';
import { MailInfoCard } from '../../components/mailing/mail-info-card.tsx';
import { fullAddress, useMailInfo, type MailInfo } from '../../lib/mail-info.ts';
import { useCurrentUser } from '../../lib/session/use-session.ts';
import { useAccountFacts } from '../../lib/session/account-facts.ts';
import { clearDraft, readDraft, saveDraft, type InvoiceDraft } from './invoice-draft.ts';
import { Refusal } from '#src/components/ui/record-summary.tsx';
import ui from '#src/components/ui/ui.module.css';
import { Fact, FactColumn } from '#src/components/ui/facts.tsx';
import styles from './invoices.module.css';
import { OrderFacts } from '#src/components/orders/order-facts.tsx';
import { href } from '#src/lib/routes.ts';
import { useQuery } from '@tanstack/react-query';
import { orderDetailQuery } from '../../lib/api/shared-queries.ts';
import { titleTypesQuery } from './apply-invoice-page.data.ts';
import { loadContract } from '../../lib/api/client.ts';

type OrderDetail = Data<'order_detail'>;
type User = Data<'personal_data'>['user_info'];
const KEYS = ['title', 'tax_number', 'email', 'mail_info_id', 'remark'] as const;
type Key = (typeof KEYS)[number];
type InvoiceApplication = z.output<typeof invoiceApplicationSchema>;

export const TITLE_MAX = 100;
export const REMARK_MAX = 100;

/** What the invoice will be for: what was paid (paid supplementary fees too) less what came back. */
export function invoiceAmountOf(order: OrderDetail): Fen {
  return order.kept_amount;
}

export function ApplyInvoiceView({ orderId }: { orderId: number }) {
  const order = useQuery(orderDetailQuery(orderId));
  const user = useCurrentUser();
  // The bound mailbox goes by use_bound_mailbox, a field the project proposes (decision 057): a
  // backend without it would ignore it, so the choice is offered only where the backend takes them.
  // A backend that leaves personal_data's mailbox out (decision 073) is asked by check_mailbox.
  const facts = useAccountFacts(user.data?.user_info, ['mailbox']);
  const mailbox = facts.mailbox ?? null;
  const proposals = useProposals(mailbox !== null);
  if (order.isPending || user.isPending || facts.pending || proposals.isPending) return <LoadingState label="正在加载订单" />;
  if (order.isError) return <QueryFailed error={order.error} title="订单加载失败" onRetry={() => void order.refetch()} />;
  const live = order.data.invoice && order.data.invoice.status !== invoiceStatus.values.rejected && order.data.invoice.status !== invoiceStatus.values.reversed;
  return (
    <div className={styles.stack}>
      <OrderFacts order={order.data} linked paid amount={{ term: '开票金额', value: invoiceAmountOf(order.data) }} />
      {live ? (
        <div className={styles.notice} role="status">
          <p>该订单已申请过发票，每笔订单只能开具一张发票。</p>
          <Link to={href('invoices', { id: orderId })}>查看发票</Link>
        </div>
      ) : !order.data.can_invoice ? (
        <div className={styles.notice} role="status">
          <p>该订单当前不能申请发票：发票须在订单支付后90天内申请，退费中或已全额退费的订单不能开票。</p>
          <Link to={href('invoices')}>返回发票管理</Link>
        </div>
      ) : (
        <ApplyInvoiceForm order={order.data} user={user.data?.user_info ?? null} bound={proposals.proposals === 'taken' ? mailbox : null} />
      )}
    </div>
  );
}

/** A labelled row of choices or content, laid out like the kit's fields. */
function Row({ legend, required, error, errorId, children }: { legend: string; required?: boolean; error?: string; errorId: string; children: ReactNode }) {
  return (
    <fieldset className={`${styles.row} ${error ? styles.rowError : ''}`} aria-describedby={error ? errorId : undefined}>
      <legend className={styles.rowLabel}>
        <FieldName required={required}>{legend}</FieldName>
      </legend>
      <div className={styles.rowControl}>
        {children}
        {error && (
          <p id={errorId} className={styles.error} role="alert">
            {error}
          </p>
        )}
      </div>
    </fieldset>
  );
}

/** `bound`: the bound mailbox as personal_data shows it (masked), when it may be chosen. */
function ApplyInvoiceForm({ order, user, bound }: { order: OrderDetail; user: User | null; bound: string | null }) {
  const navigate = useNavigate();
  const titleTypes = useQuery(titleTypesQuery());
  const titleOptions = titleTypes.data?.list ?? invoiceTitleType.options;
  const mail = useMailInfo();
  const toBound = (d: InvoiceDraft) => bound !== null && d.useBound;
  const [confirming, setConfirming] = useState(false);
  const apply = useApiMutation('invoice_application', { errorHandling: 'manual' });

  /** What would be sent: only the fields the chosen title and kind use. */
  function bodyOf(d: InvoiceDraft, mailInfo: MailInfo | null) {
    const c = d.titleType === invoiceTitleType.values.company;
    const p = d.kind === invoiceKind.values.paper;
    return {
      order_id: order.id,
      title_type: d.titleType,
      title: d.title.trim(),
      tax_number: c ? d.taxNumber.trim() || undefined : undefined,
      invoice_kind: d.kind,
      email: p || toBound(d) ? undefined : d.email.trim() || undefined,
      // The bound mailbox is known here only masked: the backend sends it there (decision 034).
      use_bound_mailbox: !p && toBound(d) ? true : undefined,
      mail_info_id: p ? mailInfo?.id : undefined,
      remark: d.remark.trim() || undefined,
    };
  }

  // The contract's rules, loaded when the form is first touched (decision 091).
  const check = async (d: InvoiceDraft): Promise<Checked<InvoiceApplication, Key>> => {
    const { invoiceApplicationSchema } = await loadContract();
    const result = invoiceApplicationSchema.safeParse(bodyOf(d, mail.mailInfo));
    return result.success ? { ok: true, body: result.data } : { ok: false, errors: fieldErrors(result.error.issues, KEYS) };
  };

  const form = useForm({
    rules: loadContract,
    initial: (): InvoiceDraft =>
      readDraft(order.id) ?? {
        titleType: invoiceTitleType.values.personal,
        title: user?.real_name ?? '',
        taxNumber: '',
        kind: invoiceKind.values.electronic,
        email: '',
        // The bound mailbox is the first choice: nothing to type.
        useBound: bound !== null,
        remark: '',
      },
    check,
    fieldOf: { taxNumber: 'tax_number' },
    // The mailing address has no input: its link takes the focus when it is what is missing.
    focus: '[aria-invalid="true"], fieldset[aria-describedby] a',
    // Valid: the parent confirms what will be sent first.
    onSubmit: () => setConfirming(true),
  });
  const { draft, errors, update } = form;
  // The draft was taken in: coming back to this page later starts afresh.
  useEffect(() => clearDraft(order.id), [order.id]);

  const company = draft.titleType === invoiceTitleType.values.company;
  const paper = draft.kind === invoiceKind.values.paper;

  function chooseTitleType(titleType: InvoiceDraft['titleType']) {
    const name = user?.real_name ?? '';
    // The parent's own name suits a personal title only; swap it out and back as the type changes.
    if (titleType === invoiceTitleType.values.company && draft.title === name) update({ titleType, title: '' });
    else if (titleType === invoiceTitleType.values.personal && draft.title === '') update({ titleType, title: name });
    else update({ titleType });
  }

  async function confirm() {
    const result = await check(draft);
    // The mailing address may have gone meanwhile: say so beside the fields again.
    if (!result.ok) return void (setConfirming(false), form.submit());
    // The dialog stays (busy) while it is sent; a refusal closes it and is said above the button.
    const sent = await form.run(() => apply.mutateAsync({ body: result.body }));
    if (!sent) return void setConfirming(false);
    clearDraft(order.id);
    toast.succeed('发票申请已提交');
    navigate(href('invoices', { id: order.id }));
  }

  const toMailing = href('mailingAddress', { back: href('invoiceRequest', { id: order.id }) });
  const keepDraft = () => saveDraft(order.id, draft);

  return (
    <form {...form.formProps} className={styles.form} aria-label="发票信息">
      <h2 className={styles.sectionTitle}>发票信息</h2>
      <Row legend="抬头类型" required errorId="title-type-error">
        <div className={styles.choices}>
          {titleOptions.map((o) => (
            <label key={o.value} className={`${styles.choice} ${draft.titleType === o.value ? styles.chosen : ''}`}>
              <input type="radio" name="title_type" checked={draft.titleType === o.value} onChange={() => chooseTitleType(o.value)} />
              {o.label}
            </label>
          ))}
        </div>
      </Row>
      <Field label="发票抬头" required error={errors.title} hint={company ? '请填写单位全称' : '个人抬头一般填写姓名'}>
        {(p) => (
          <TextInput
            {...p}
            value={draft.title}
            maxLength={TITLE_MAX}
            autoComplete={company ? 'organization' : 'name'}
            placeholder={company ? '单位全称，如：北京星河科技有限公司' : '姓名'}
            onChange={(e) => update({ title: e.target.value })}
          />
        )}
      </Field>
      {company && (
        <Field label="纳税人识别号" required error={errors.tax_number} hint="统一社会信用代码，15、18或20位数字或大写字母">
          {(p) => (
            <TextInput {...p} value={draft.taxNumber} maxLength={20} autoComplete="off" placeholder="如：91110108MA01XY2K3P" onChange={(e) => update({ taxNumber: e.target.value.toUpperCase() })} />
          )}
        </Field>
      )}
      <Row legend="发票形式" required errorId="kind-error">
        <div className={styles.choices}>
          {invoiceKind.options.map((o) => (
            <label key={o.value} className={`${styles.choice} ${draft.kind === o.value ? styles.chosen : ''}`}>
              <input type="radio" name="invoice_kind" checked={draft.kind === o.value} onChange={() => update({ kind: o.value })} />
              {o.label}
            </label>
          ))}
        </div>
      </Row>
      {paper ? (
        <Row legend="邮寄地址" required error={errors.mail_info_id} errorId="mail-info-error">
          {mail.isPending ? (
            <p className={ui.muted}>正在读取邮寄地址…</p>
          ) : mail.isError ? (
            <p className={ui.muted}>
              邮寄地址读取失败，
              <button type="button" className={styles.inlineButton} onClick={mail.retry}>
                重试
              </button>
            </p>
          ) : mail.mailInfo ? (
            <div className={styles.mailBox}>
              <MailInfoCard mailInfo={mail.mailInfo} label="发票寄往" />
              <Link to={toMailing} onClick={keepDraft}>
                修改邮寄地址
              </Link>
            </div>
          ) : (
            <p className={styles.mailMissing}>
              您还没有邮寄地址。
              <Link to={toMailing} onClick={keepDraft}>
                添加邮寄地址
              </Link>
              <span className={ui.muted}>（已填写的内容会为您保留）</span>
            </p>
          )}
        </Row>
      ) : bound === null ? (
        <EmailInput label="接收邮箱" value={draft.email} error={errors.email} onChange={(email) => update({ email })} />
      ) : (
        <Row legend="接收邮箱" required errorId="email-choice-error">
          <div className={styles.choices}>
            <label className={`${styles.choice} ${draft.useBound ? styles.chosen : ''}`}>
              <input type="radio" name="mailbox" checked={draft.useBound} onChange={() => update({ useBound: true })} />
              发送到绑定邮箱（{bound}）
            </label>
            <label className={`${styles.choice} ${!draft.useBound ? styles.chosen : ''}`}>
              <input type="radio" name="mailbox" checked={!draft.useBound} onChange={() => update({ useBound: false })} />
              发送到其他邮箱
            </label>
          </div>
        </Row>
      )}
      {!paper && bound !== null && !draft.useBound && <EmailInput label="其他邮箱" value={draft.email} error={errors.email} onChange={(email) => update({ email })} />}
      <Field label="备注" error={errors.remark} hint={`选填，最多${REMARK_MAX}字`}>
        {(p) => <TextArea {...p} value={draft.remark} maxLength={REMARK_MAX} rows={3} onChange={(e) => update({ remark: e.target.value })} />}
      </Field>
      {errors.form && (
        <Refusal title="发票申请未提交" alert className={styles.formRefusal}>
          <p>{errors.form}</p>
        </Refusal>
      )}
      <div className={styles.formActions}>
        <Button type="submit" size="lg" loading={form.busy || apply.isPending}>
          提交申请
        </Button>
        <Link to={href('invoices')}>返回发票管理</Link>
      </div>
      <ConfirmDialog open={confirming} title="确认开票信息" confirmText="确认提交" busy={apply.isPending} onConfirm={() => void confirm()} onClose={() => setConfirming(false)}>
        <FactColumn>
          <Fact term="发票抬头">
            {draft.title.trim()}（{invoiceTitleType.label(draft.titleType)}）
          </Fact>
          {company && <Fact term="税号">{draft.taxNumber.trim()}</Fact>}
          <Fact term="发票形式">{invoiceKind.label(draft.kind)}</Fact>
          <Fact term={paper ? '寄往' : '接收邮箱'}>
            {paper ? (mail.mailInfo ? `${mail.mailInfo.receiver}，${fullAddress(mail.mailInfo)}` : '—') : toBound(draft) ? `绑定邮箱 ${bound}` : draft.email.trim()}
          </Fact>
          <Fact term="开票金额">{formatYuan(invoiceAmountOf(order))}</Fact>
        </FactColumn>
        <p className={styles.confirmNote}>提交后不能修改，每笔订单只能开具一张发票。</p>
      </ConfirmDialog>
    </form>
  );
}

function EmailInput({ label, value, error, onChange }: { label: string; value: string; error?: string; onChange: (email: string) => void }) {
  return (
    <Field label={label} required error={error} hint="电子发票开具后将发送到此邮箱">
      {(p) => <TextInput {...p} type="email" value={value} maxLength={100} autoComplete="email" placeholder="name@example.com" onChange={(e) => onChange(e.target.value)} />}
    </Field>
  );
}
