/**
 * /personal/systemMessages, 消息通知: the parent's messages, newest first, a page at a time.
 * Unread ones carry a dot and a bold title. Opening one shows its content below it and reads it
 * (system_message_detail marks it read), so the unread counts of the top bar and the side menu
 * are asked again. 全部已读 appears while anything is unread. Order news links to its record.
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { messageType } from '#contract/coded-values';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ChevronDown } from '../../components/ui/icons.tsx';
import { PageFrame } from '../../components/ui/page-frame.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { RichText } from '../../components/ui/rich-text.tsx';
import { EmptyState, LoadingState } from '../../components/ui/states.tsx';
import { QueryFailed } from '../../components/ui/query-failed.tsx';
import { apiKeys, useApiMutation, useApiQuery, type Data } from '../../lib/api/queries.ts';
import { formatDateTime } from '../../lib/format.ts';
import { messageRecordLink } from '../../lib/record-address.ts';
import { toast } from '../../stores/toast-store.ts';
import { useUnreadCount } from '../../lib/session/use-session.ts';
import { isEmptyList, usePageParam, useStayWithinPages } from '../../lib/use-page-param.ts';
import styles from './messages.module.css';
import { MESSAGE_PAGE_SIZE, messagesQuery } from './messages-page.data.ts';

export { MESSAGE_PAGE_SIZE };

type MessageList = Data<'system_message_list'>;
type Message = MessageList['list'][number];

/** How each kind reads at a glance: admissions are good news, orders may need the parent. */
const typeTones = {
  [messageType.values.system]: 'info',
  [messageType.values.order]: 'warning',
  [messageType.values.admission]: 'success',
} as const;

export function MessagesPage() {
  const [page, setPage] = usePageParam();
  const [openId, setOpenId] = useState<number | null>(null);
  const query = useQuery({
    ...messagesQuery(page),
    placeholderData: keepPreviousData,
  });
  const unreadCount = useUnreadCount();
  const unreadHere = query.data?.list.some((m) => !m.is_see) ?? false;

  const allRead = useApiMutation('system_message_all_read', { onSuccess: () => void toast.succeed('已全部标记为已读') });

  const data = query.data;
  useStayWithinPages(page, MESSAGE_PAGE_SIZE, query, setPage);

  // The count comes from the server; the page may know better for a moment (or the count failed).
  const showAllRead = unreadCount > 0 || unreadHere;
  return (
    <PageFrame
      plain
      title="消息通知"
      intro={data?.total ? `共 ${data.total} 条消息${unreadCount > 0 ? `，${unreadCount} 条未读` : '，全部已读'}` : '报名结果、订单变化和中心通知都会发到这里。'}
      actions={
        showAllRead && (
          <Button variant="secondary" size="sm" loading={allRead.isPending} onClick={() => allRead.mutate({ body: {} })}>
            全部已读
          </Button>
        )
      }
    >
      {query.isPending ? (
        <LoadingState label="消息加载中" />
      ) : query.isError ? (
        <QueryFailed error={query.error} title="消息加载失败" onRetry={() => void query.refetch()} />
      ) : isEmptyList(page, data!) ? (
        <EmptyState title="暂无消息" hint="报名结果、订单变化和中心通知都会发到这里。" />
      ) : data!.list.length === 0 ? (
        // Past the end, or on the way to the page before it (the old, empty page stands in meanwhile).
        <LoadingState />
      ) : (
        <>
          <ul className={`${styles.list} ${query.isPlaceholderData ? styles.stale : ''}`} aria-label="消息列表" aria-busy={query.isPlaceholderData || undefined}>
            {data!.list.map((message) => (
              <MessageItem key={message.id} message={message} open={openId === message.id} onToggle={() => setOpenId((id) => (id === message.id ? null : message.id))} />
            ))}
          </ul>
          <Pagination
            page={page}
            pageSize={MESSAGE_PAGE_SIZE}
            total={data!.total}
            rows={data!.list.length}
            onPage={() => {
              setOpenId(null);
              window.scrollTo({ top: 0 });
            }}
          />
        </>
      )}
    </PageFrame>
  );
}

function MessageItem({ message, open, onToggle }: { message: Message; open: boolean; onToggle: () => void }) {
  const unread = !message.is_see;
  const buttonId = `message-${message.id}`;
  const panelId = `message-${message.id}-content`;
  return (
    <li className={`${styles.item} ${unread ? styles.unread : ''} ${open ? styles.open : ''}`}>
      <h2 className={styles.heading}>
        <button type="button" id={buttonId} className={styles.row} aria-expanded={open} aria-controls={open ? panelId : undefined} onClick={onToggle}>
          <span className={styles.dot} aria-hidden="true" />
          {unread && <span className="visually-hidden">未读：</span>}
          <Badge tone={typeTones[message.type]}>{messageType.label(message.type)}</Badge>
          <span className={styles.text}>
            <span className={styles.title}>{message.title}</span>
            {!open && <span className={styles.summary}>{message.summary}</span>}
          </span>
          <time className={styles.time} dateTime={message.created_at}>
            {formatDateTime(message.created_at)}
          </time>
          <ChevronDown size={16} className={styles.chevron} />
        </button>
      </h2>
      {open && (
        <div id={panelId} role="region" aria-labelledby={buttonId} className={styles.panel}>
          <MessageContent message={message} />
        </div>
      )}
    </li>
  );
}

/** Reading a message marks it read on the server; the list follows here, the count centrally. */
function MessageContent({ message }: { message: Message }) {
  const queryClient = useQueryClient();
  const detail = useApiQuery('system_message_detail', { pathParams: { id: message.id } });
  const read = detail.isSuccess;
  const wasUnread = !message.is_see;

  useEffect(() => {
    if (!read || !wasUnread) return;
    queryClient.setQueriesData<MessageList>(
      { queryKey: apiKeys.operation('system_message_list') },
      (old) => old && { ...old, list: old.list.map((m) => (m.id === message.id ? { ...m, is_see: true } : m)) },
    );
  }, [read, wasUnread, message.id, queryClient]);

  if (detail.isPending) return <LoadingState label="正在打开消息" />;
  if (detail.isError) return <QueryFailed error={detail.error} title="消息打开失败" onRetry={() => void detail.refetch()} />;
  // Order news links to its record: the order, the refund, the fee or the invoice (issue 26).
  const link = detail.data.record && messageRecordLink(detail.data.record);
  return (
    <>
      <RichText html={detail.data.content} className={styles.content} />
      {link && (
        <p className={styles.recordLink}>
          <Link to={link.to}>{link.label}</Link>
        </p>
      )}
    </>
  );
}
