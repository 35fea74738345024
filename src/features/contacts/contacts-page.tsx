/**
 * /personal/contacts, 孩子信息: every child of the parent (not only the passed ones) as cards —
 * name, gender, age, the masked credential, the audit status in its tone and why it was
 * refused — with 添加孩子, 编辑 (the form, ?add=1 / ?edit=ID so the back button closes it) and
 * 删除 after a confirmation. Every change refreshes the child selector's list too.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { contactAuditStatus, credentialType, gender, type ValueOf } from '#contract/coded-values';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { PlusIcon } from '../../components/ui/icons.tsx';
import { PageFrame } from '../../components/ui/page-frame.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { EmptyState, LoadingState, QueryState } from '../../components/ui/states.tsx';
import { useApiMutation, type Data, type Input } from '../../lib/api/queries.ts';
import { toast } from '../../stores/toast-store.ts';
import { Avatar } from '../../components/ui/avatar.tsx';
import { failureText } from '../../lib/api/failure-text.ts';
import { useOssUrl } from '../../lib/session/oss.ts';
import { useCurrentUser } from '../../lib/session/use-session.ts';
import { ContactForm, type MaskedOriginals } from './contact-form.tsx';
import { emptyDraft, type ContactBody, type ContactDraft } from './contact-rules.ts';
import styles from './contacts.module.css';
import { useRouteSearch } from '#src/lib/use-route-search.ts';
import { useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, contactsQuery, contactDetailQuery } from './contacts-page.data.ts';
import { usePageParam, useStayWithinPages } from '#src/lib/use-page-param.ts';

type Contact = Data<'contact_information'>['list'][number];
type Detail = Data<'detail_contact_information'>;

export { PAGE_SIZE };

export function ContactsPage() {
  const [, setParams] = useSearchParams();
  const { edit: editId, add: adding } = useRouteSearch('children');
  const close = () => setParams({});

  if (adding) {
    return (
      <PageFrame plain title="添加孩子" intro="请如实填写孩子的证件信息，审核通过后即可为孩子报名。">
        <AddContact onClose={close} />
      </PageFrame>
    );
  }
  if (editId !== undefined) {
    return (
      <PageFrame plain title="编辑孩子信息">
        <EditContact id={editId} onClose={close} />
      </PageFrame>
    );
  }
  return <ContactList onAdd={() => setParams({ add: '1' })} onEdit={(id) => setParams({ edit: String(id) })} />;
}

function ContactList({ onAdd, onEdit }: { onAdd: () => void; onEdit: (id: number) => void }) {
  const [page, setPage] = usePageParam();
  // Spec §8: a failure to load contacts is only logged; the page says it with its retry (contacts-page.data.ts).
  const query = useQuery(contactsQuery(page));
  const [deleting, setDeleting] = useState<Contact | null>(null);
  useStayWithinPages(page, PAGE_SIZE, query, setPage);
  const hasAny = (query.data?.list.length ?? 0) > 0 || page > 1;
  return (
    <PageFrame
      plain
      title="孩子信息"
      intro="孩子信息审核通过后，才能在报名时选择。"
      actions={
        hasAny && (
          <Button onClick={onAdd}>
            <PlusIcon size={14} />
            添加孩子
          </Button>
        )
      }
    >
      <QueryState
        query={query}
        isEmpty={(data) => data.list.length === 0 && page === 1}
        empty={
          <EmptyState
            title="还没有添加孩子"
            hint="添加孩子信息并通过审核后，就可以为孩子报名课程了。"
            action={
              <Button onClick={onAdd}>
                <PlusIcon size={14} />
                添加第一个孩子
              </Button>
            }
          />
        }
      >
        {(data) => (
          <>
            <ul className={styles.grid} aria-label="孩子列表">
              {data.list.map((child) => (
                <ContactCard key={child.id} child={child} onEdit={() => onEdit(child.id)} onDelete={() => setDeleting(child)} />
              ))}
            </ul>
            {(data.total === undefined || data.total > PAGE_SIZE) && <Pagination page={page} pageSize={PAGE_SIZE} total={data.total} rows={data.list.length} />}
          </>
        )}
      </QueryState>
      <DeleteContact
        child={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          // The last child of a later page is gone: show the page before.
          if (query.data && query.data.list.length === 1 && page > 1) setPage(page - 1, { replace: true });
        }}
      />
    </PageFrame>
  );
}

/** 身份证（含户口簿、社保卡） reads 身份证 on a card. */
const shortCredential = (value: ValueOf<typeof credentialType>) => credentialType.label(value).replace(/（.*）$/, '');

function ContactCard({ child, onEdit, onDelete }: { child: Contact; onEdit: () => void; onDelete: () => void }) {
  const ossUrl = useOssUrl();
  const { values } = contactAuditStatus;
  // What the backend did not send is not said (decision 073): the name and the buttons stay.
  const facts = [child.gender !== undefined && gender.label(child.gender), child.age !== undefined && `${child.age}岁`, child.birth_date && `${child.birth_date} 出生`].filter(Boolean);
  return (
    <li className={styles.card} aria-labelledby={`child-${child.id}`}>
      <Avatar src={ossUrl(child.avatar ?? null)} size={52} />
      <div className={styles.cardBody}>
        <div className={styles.cardHead}>
          <h3 className={styles.childName} id={`child-${child.id}`} title={child.name}>
            {child.name}
          </h3>
          {child.audit_status !== undefined && <Badge tone={contactAuditStatus.tone(child.audit_status)}>{contactAuditStatus.label(child.audit_status)}</Badge>}
        </div>
        {facts.length > 0 && <p className={styles.meta}>{facts.join(' · ')}</p>}
        {child.credential_type !== undefined && child.id_number !== undefined && (
          <p className={styles.credential}>
            {shortCredential(child.credential_type)} {child.id_number}
          </p>
        )}
        {child.audit_status === values.rejected && <RejectReason id={child.id} />}
        {child.audit_status === values.reviewing && <p className={styles.pending}>审核中，一般1个工作日内完成，通过后即可报名</p>}
        <div className={styles.cardActions}>
          <Button size="sm" variant="secondary" onClick={onEdit} aria-describedby={`child-${child.id}`}>
            {child.audit_status === values.rejected ? '修改并重新提交' : '编辑'}
          </Button>
          <Button size="sm" variant="ghost" onClick={onDelete} aria-describedby={`child-${child.id}`}>
            删除
          </Button>
        </div>
      </div>
    </li>
  );
}

/** The list has no reason; the child's detail does. */
function RejectReason({ id }: { id: number }) {
  const detail = useQuery(contactDetailQuery(id, 'log'));
  const reason = detail.data?.reject_reason;
  return <p className={styles.reason}>未通过原因：{reason ?? (detail.isPending ? '加载中…' : '请修改后重新提交')}</p>;
}

function DeleteContact({ child, onClose, onDeleted }: { child: Contact | null; onClose: () => void; onDeleted: () => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const remove = useApiMutation('delete_contact_information', { errorHandling: 'manual' });
  const close = () => (setProblem(null), onClose());

  async function confirm() {
    if (!child || remove.isPending) return;
    setProblem(null);
    try {
      await remove.mutateAsync({ pathParams: { id: child.id } });
      onDeleted();
      close();
      toast.succeed(`已删除${child.name}的信息`);
    } catch (error) {
      setProblem(failureText(error));
    }
  }

  return (
    <ConfirmDialog
      open={child !== null}
      title={`删除${child?.name ?? ''}的信息？`}
      confirmText="删除"
      cancelText={problem ? '关闭' : '再想想'}
      danger
      busy={remove.isPending}
      onConfirm={() => void confirm()}
      onClose={close}
    >
      <p>删除后不能恢复，报名时将不能再选择这个孩子；已完成的报名和订单记录仍会保留。</p>
      {problem && (
        <p className={styles.dialogError} role="alert">
          {problem}
        </p>
      )}
    </ConfirmDialog>
  );
}

function AddContact({ onClose }: { onClose: () => void }) {
  const user = useCurrentUser();
  const add = useApiMutation('add_contact_information', { errorHandling: 'manual' });
  // The parent is usually the guardian: their name is filled in once known.
  const guardian = user.data?.user_info.real_name ?? '';
  if (user.isPending) return <LoadingState />;
  return (
    <ContactForm
      initial={emptyDraft(guardian)}
      editing={false}
      sending={add.isPending}
      onCancel={onClose}
      onSubmit={async (body: ContactBody) => {
        // Resolves once the list (and the child selector's) is fresh: lib/api/invalidations.ts.
        // Adding, validate() checked the body against contactInputSchema: both numbers are there.
        await add.mutateAsync({ body: body as Input<'add_contact_information'>['body'] });
        toast.succeed(body.credential_type === credentialType.values.idCard ? `已添加${body.name}` : `已添加${body.name}，审核通过后即可报名`);
        onClose();
      }}
    />
  );
}

/** The form as the detail fills it; what the detail left out (decision 073) is typed again. */
function draftOf(detail: Detail): ContactDraft {
  const blank = emptyDraft();
  return {
    name: detail.name,
    credential_type: detail.credential_type ?? blank.credential_type,
    // Stored numbers come masked: they are typed again (shown as a reminder).
    id_number: '',
    gender: detail.gender ?? null,
    birth_date: detail.birth_date ?? '',
    grade_type: detail.grade_type ?? null,
    school: detail.school ?? '',
    guardian_name: detail.guardian_name ?? '',
    guardian_relation: detail.guardian_relation ?? null,
    guardian_phone: '',
    health_notes: detail.health_notes ?? '',
  };
}

/** The masked numbers an edit may leave as they are: only those the detail showed, with the credential they belong to. */
function maskedOf(detail: Detail): MaskedOriginals {
  return {
    ...(detail.credential_type !== undefined && detail.id_number !== undefined ? { id_number: detail.id_number } : {}),
    ...(detail.guardian_phone !== undefined ? { guardian_phone: detail.guardian_phone } : {}),
  };
}

function EditContact({ id, onClose }: { id: number; onClose: () => void }) {
  const detail = useQuery(contactDetailQuery(id));
  const edit = useApiMutation('edit_contact_information', { errorHandling: 'manual' });
  return (
    <QueryState query={detail}>
      {(data) => (
        <>
          {data.audit_status === contactAuditStatus.values.rejected && data.reject_reason && (
            <p className={`${styles.reason} ${styles.formReason}`} role="status">
              未通过原因：{data.reject_reason}
            </p>
          )}
          <ContactForm
            initial={draftOf(data)}
            masked={maskedOf(data)}
            avatar={data.avatar ?? null}
            editing
            sending={edit.isPending}
            onCancel={onClose}
            onSubmit={async (body) => {
              await edit.mutateAsync({ pathParams: { id }, body });
              toast.succeed(`已保存${body.name}的信息`);
              onClose();
            }}
          />
        </>
      )}
    </QueryState>
  );
}
