/**
 * /personal/accessControl, 接送人管理: the adults allowed to pick a child up at the center's
 * gate. The parent chooses one of their passed children (the selected child first; `?child=` in
 * the address), sees its pick-up people with 停用/启用 and 删除, and adds one up to the limit.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { PlusIcon } from '../../components/ui/icons.tsx';
import { PageFrame } from '../../components/ui/page-frame.tsx';
import { EmptyState, LoadingState } from '../../components/ui/states.tsx';
import { QueryFailed } from '../../components/ui/query-failed.tsx';
import { useApiMutation } from '../../lib/api/queries.ts';
import { childStore } from '../../stores/child-store.ts';
import { toast } from '../../stores/toast-store.ts';
import { usePassedChildren } from '../../lib/session/use-session.ts';
import { PickerCard, type Picker } from './picker-card.tsx';
import { PickerForm } from './picker-form.tsx';
import styles from './access-control.module.css';
import { href } from '#src/lib/routes.ts';
import { useRouteSearch } from '#src/lib/use-route-search.ts';
import { useQuery } from '@tanstack/react-query';
import { pickersQuery, shownChild } from './access-control-page.data.ts';

type Child = { id: number; name: string; age?: number };

export function AccessControlPage() {
  const children = usePassedChildren();
  const { contactId } = useSnapshot(childStore());
  const [, setParams] = useSearchParams();
  const list = children.data?.list ?? [];
  const wanted = useRouteSearch('pickupPeople').child;
  const child = shownChild(list, wanted, contactId);

  return (
    <PageFrame plain title="接送人管理" intro="登记的接送人可凭照片和手机号在中心入口接孩子离馆，停用后暂不能接送。">
      {children.isPending ? (
        <LoadingState />
      ) : children.isError ? (
        <QueryFailed error={children.error} title="孩子信息加载失败" onRetry={() => void children.refetch()} />
      ) : !child ? (
        <EmptyState
          title="还没有通过审核的孩子"
          hint="添加孩子信息并通过审核后，就能为孩子登记接送人。"
          action={
            <Link to={href('children')} className={styles.actionLink}>
              去添加孩子
            </Link>
          }
        />
      ) : (
        <>
          {list.length > 1 && (
            <ChildChooser
              kids={list}
              value={child.id}
              onChange={(id) =>
                setParams((prev) => {
                  const next = new URLSearchParams(prev);
                  next.set('child', String(id));
                  return next;
                })
              }
            />
          )}
          {/* A fresh section per child: an open form belongs to the child it was opened for. */}
          <PickerSection key={child.id} child={child} />
        </>
      )}
    </PageFrame>
  );
}

function ChildChooser({ kids, value, onChange }: { kids: Child[]; value: number; onChange: (id: number) => void }) {
  return (
    <div role="radiogroup" aria-label="选择孩子" className={styles.children}>
      {kids.map((kid) => (
        <label key={kid.id} className={`${styles.childOption} ${kid.id === value ? styles.childChosen : ''}`}>
          <input type="radio" name="access-child" className="visually-hidden" checked={kid.id === value} onChange={() => onChange(kid.id)} />
          <span className={styles.childName}>{kid.name}</span>
          {kid.age !== undefined && <span className={styles.childAge}>{kid.age}岁</span>}
        </label>
      ))}
    </div>
  );
}

function PickerSection({ child }: { child: Child }) {
  const info = useQuery(pickersQuery(child.id));
  const [adding, setAdding] = useState(false);
  const [toDelete, setToDelete] = useState<Picker | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const focusHeading = useRef(false);
  // A closed form leaves the parent at the list it changed, not at the blank space it left.
  useEffect(() => {
    if (!adding && focusHeading.current) {
      focusHeading.current = false;
      heading.current?.focus();
    }
  }, [adding]);
  const closeForm = () => {
    focusHeading.current = true;
    setAdding(false);
  };
  // The dialog stays (busy) until the list has been asked again (lib/api/invalidations.ts), so
  // the card leaves as it closes.
  const remove = useApiMutation('access_control_info_operate');
  const confirmDelete = (picker: Picker) =>
    remove.mutate(
      { pathParams: { id: picker.id }, body: { operate: 'delete' } },
      {
        onSuccess: () => {
          toast.succeed(`已删除接送人${picker.name}`);
          setToDelete(null);
        },
      },
    );

  if (info.isPending) return <LoadingState />;
  if (info.isError) return <QueryFailed error={info.error} title="接送人加载失败" onRetry={() => void info.refetch()} />;
  const { list, limit } = info.data;
  const full = list.length >= limit;

  return (
    <section aria-labelledby="pickers-title">
      <div className={styles.sectionHead}>
        <div>
          <h2 id="pickers-title" className={styles.sectionTitle} ref={heading} tabIndex={-1}>
            {child.name}的接送人
          </h2>
          <p className={styles.count}>
            已添加 <strong>{list.length}</strong>/{limit} 人
            {full && (
              <span id="picker-limit-reason" className={styles.reason}>
                已达上限，每个孩子最多{limit}位接送人；如需更换，请先删除一位。
              </span>
            )}
          </p>
        </div>
        {!adding && (
          <Button className={styles.addButton} onClick={() => setAdding(true)} disabled={full} aria-describedby={full ? 'picker-limit-reason' : undefined}>
            <PlusIcon size={16} />
            添加接送人
          </Button>
        )}
      </div>
      {list.length === 0 ? (
        !adding && <EmptyState title={`还没有为${child.name}登记接送人`} hint={`可添加父母、祖父母等常接送的家人，最多${limit}位。`} />
      ) : (
        <ul className={styles.cards} aria-label={`${child.name}的接送人`}>
          {list.map((picker) => (
            <PickerCard key={picker.id} picker={picker} onDelete={() => setToDelete(picker)} />
          ))}
        </ul>
      )}
      {adding && <PickerForm child={child} onClose={closeForm} />}
      <ConfirmDialog
        open={toDelete !== null}
        title="删除接送人"
        confirmText="删除"
        cancelText="取消"
        danger
        busy={remove.isPending}
        onConfirm={() => toDelete && confirmDelete(toDelete)}
        onClose={() => setToDelete(null)}
      >
        确定删除接送人“{toDelete?.name}”吗？删除后，{toDelete?.name}将不能再接{child.name}离馆；如需恢复，要重新添加并上传照片。
      </ConfirmDialog>
    </section>
  );
}
