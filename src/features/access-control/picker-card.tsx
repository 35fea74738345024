/** One pick-up person: photo, name, relation, masked phone, status, and 停用/启用 and 删除. */
import { useState } from 'react';
import { guardianRelation, pickerStatus } from '#contract/coded-values';
import { StatusText } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useApiMutation, type Data } from '../../lib/api/queries.ts';
import { formatDate } from '../../lib/format.ts';
import { toast } from '../../stores/toast-store.ts';
import { useOssUrl } from '../../lib/session/oss.ts';
import { Fact, Facts } from '#src/components/ui/facts.tsx';
import styles from './access-control.module.css';

export type Picker = Data<'get_access_control_info'>['list'][number];

export function PickerCard({ picker, onDelete }: { picker: Picker; onDelete: () => void }) {
  const ossUrl = useOssUrl();
  const [photoBroken, setPhotoBroken] = useState(false);
  const enabled = picker.status === pickerStatus.values.enabled;
  const operate = useApiMutation('access_control_info_operate', {
    onSuccess: () => void toast.succeed(enabled ? `已停用接送人${picker.name}` : `已启用接送人${picker.name}`),
  });
  const photo = ossUrl(picker.photo_url);
  const titleId = `picker-${picker.id}`;

  return (
    <li>
      <article className={`${styles.card} ${enabled ? '' : styles.cardDisabled}`} aria-labelledby={titleId}>
        <div className={styles.photoFrame}>
          {photo && !photoBroken ? (
            <img src={photo} alt={`${picker.name}的照片`} className={styles.photo} onError={() => setPhotoBroken(true)} />
          ) : (
            <span className={styles.photoMissing} role="img" aria-label="照片无法显示">
              {picker.name.slice(0, 1)}
            </span>
          )}
        </div>
        <div className={styles.cardBody}>
          <div className={styles.cardHead}>
            <h3 id={titleId} className={styles.cardName}>
              {picker.name}
            </h3>
            <StatusText value={picker.status} of={pickerStatus} />
          </div>
          <Facts className={styles.facts}>
            <Fact term="关系">{guardianRelation.label(picker.relation)}</Fact>
            <Fact term="手机号">{picker.phone}</Fact>
            <Fact term="添加于">{formatDate(picker.created_at)}</Fact>
          </Facts>
          <div className={styles.cardActions}>
            <Button
              variant="secondary"
              size="sm"
              loading={operate.isPending}
              aria-label={`${enabled ? '停用' : '启用'}接送人${picker.name}`}
              onClick={() => operate.mutate({ pathParams: { id: picker.id }, body: { operate: enabled ? 'disable' : 'enable' } })}
            >
              {enabled ? '停用' : '启用'}
            </Button>
            <Button variant="ghost" size="sm" disabled={operate.isPending} aria-label={`删除接送人${picker.name}`} onClick={onDelete}>
              删除
            </Button>
          </div>
        </div>
      </article>
    </li>
  );
}
