/** The sessions of a class (class_detail_datetime_and_classroom): date, weekday, time and room. */
import { weekday } from '#contract/coded-values';
import { LoadingState } from '../../components/ui/states.tsx';
import { QueryFailed } from '../../components/ui/query-failed.tsx';
import styles from './details.module.css';
import { useQuery } from '@tanstack/react-query';
import { sessionsQuery } from './class-details-page.data.ts';

/** 周六 for 2026-12-05: the weekday of a calendar date, whatever the browser's zone. */
export function weekdayOf(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return weekday.label((day === 0 ? 7 : day) as Parameters<typeof weekday.label>[0]);
}

export function ClassSessions({ classId }: { classId: number }) {
  const sessions = useQuery(sessionsQuery(classId));
  if (sessions.isPending) return <LoadingState label="正在加载上课安排" />;
  if (sessions.isError) return <QueryFailed error={sessions.error} title="上课安排加载失败" onRetry={() => void sessions.refetch()} />;
  const list = [...sessions.data.list].sort((a, b) => a.index - b.index);
  if (list.length === 0) return <p className={styles.empty}>上课安排待定，确定后会在此公布。</p>;
  // One address for every session is said once, above the table, not on every row.
  const addresses = new Set(list.map((s) => s.address));
  const oneAddress = addresses.size === 1 ? list[0]!.address : null;
  return (
    <>
      {oneAddress && <p className={styles.sessionsAddress}>上课地址：{oneAddress}</p>}
      <table className={styles.sessions}>
        <caption className="visually-hidden">共{list.length}次课的上课安排</caption>
        <thead className="phone-hidden">
          <tr>
            <th scope="col">课次</th>
            <th scope="col">日期</th>
            <th scope="col">星期</th>
            <th scope="col">时间</th>
            <th scope="col">教室</th>
            {!oneAddress && <th scope="col">地址</th>}
          </tr>
        </thead>
        <tbody>
          {list.map((s) => (
            <tr key={s.id}>
              <td>第{s.index}次</td>
              <td>{s.date}</td>
              <td>{weekdayOf(s.date)}</td>
              <td>
                {s.start_time}-{s.end_time}
              </td>
              <td>{s.classroom}</td>
              {!oneAddress && (
                <td className={styles.sessionAddress} title={s.address}>
                  {s.address}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
