/**
 * /personal/supplyFee — 补缴费用: fees charged on paid orders after enrolment (materials and the
 * like), filtered by status (?status=), with 去补缴 for the unpaid ones.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { supplyFeeStatus } from '#contract/coded-values';
import { Link } from 'react-router-dom';
import { StatusText } from '../../components/ui/badge.tsx';
import { PageFrame } from '../../components/ui/page-frame.tsx';
import { EmptyState } from '../../components/ui/states.tsx';
import { type Data } from '../../lib/api/queries.ts';
import { formatDateTime, formatYuan } from '../../lib/format.ts';
import { enumFromKey, keyOfValue, useListAddress } from './list-address.ts';
import { FilterTabs, LinkButton, ListBody, type Tab } from './list-parts.tsx';
import { orderHref, supplyFeePayHref } from './order-actions.tsx';
import styles from './orders.module.css';
import { TableHead } from '#src/components/ui/table-head.tsx';
import { href } from '#src/lib/routes.ts';
import { useRouteSearch } from '#src/lib/use-route-search.ts';
import { supplyFeesQuery } from './supply-fee-page.data.ts';

type SupplyFee = Data<'my_supply_fee_list'>['list'][number];

export const SUPPLY_FEE_TABS: Tab[] = [{ key: null, label: '全部' }, ...supplyFeeStatus.entries.map((e) => ({ key: e.key, label: e.label }))];

export function SupplyFeePage() {
  const { page } = useListAddress();
  const search = useRouteSearch('supplyFees');
  const status = enumFromKey(supplyFeeStatus, search.status ?? null);
  const fees = useQuery({ ...supplyFeesQuery({ ...search, page }), placeholderData: keepPreviousData });
  return (
    <PageFrame plain title="补缴费用" intro="开课后班级需统一购买的教材、画材等费用，请在截止时间前完成补缴。">
      <FilterTabs label="补缴状态" tabs={SUPPLY_FEE_TABS} current={status === undefined ? null : keyOfValue(supplyFeeStatus, status)} />
      <ListBody
        query={fees}
        what="补缴费用"
        empty={
          <EmptyState
            title={status === undefined ? '没有需要补缴的费用' : `暂无${supplyFeeStatus.label(status)}的费用`}
            hint="班级需要补缴教材、画材等费用时，会通过站内消息通知您，并显示在这里。"
            action={
              <LinkButton to={href('orders')} variant="secondary">
                查看我的订单
              </LinkButton>
            }
          />
        }
      >
        {(list) => <FeeTable fees={list} />}
      </ListBody>
    </PageFrame>
  );
}

function FeeTable({ fees }: { fees: SupplyFee[] }) {
  return (
    <table className={`${styles.table} card-table`}>
      <caption className="visually-hidden">补缴费用列表</caption>
      <colgroup>
        <col />
        <col className={styles.colAmount} />
        <col className={styles.colDate} />
        <col className={styles.colStatus} />
        <col className={styles.colActions} />
      </colgroup>
      <TableHead columns={['补缴项目', '金额', '截止时间', '状态', '操作']} />
      <tbody>
        {fees.map((fee) => (
          <tr key={fee.id} aria-label={`补缴 ${fee.title}`}>
            <td>
              <p className={styles.courseTitle} title={fee.title}>
                {fee.title}
              </p>
              <p className={styles.meta}>
                <span>课程：{fee.class_name}</span>
                <span>孩子：{fee.contact_name}</span>
              </p>
              <p className={styles.meta}>
                <span>订单号：{fee.order_no}</span>
                <span>通知时间：{formatDateTime(fee.created_at)}</span>
              </p>
            </td>
            <td className={styles.amount} data-label="金额">
              {formatYuan(fee.amount)}
            </td>
            <td data-label="截止时间">{formatDateTime(fee.deadline)}</td>
            <td data-label="状态">
              <StatusText value={fee.status} of={supplyFeeStatus} />
              {fee.pay_time && <div className={styles.statusNote}>{formatDateTime(fee.pay_time)} 补缴</div>}
            </td>
            <td data-actions>
              <div className={styles.actions}>
                {fee.status === supplyFeeStatus.values.unpaid && <LinkButton to={supplyFeePayHref(fee.id)}>去补缴</LinkButton>}
                <Link to={orderHref(fee.order_id)} className={styles.textLink}>
                  查看订单
                </Link>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
