/**
 * 收藏 / 已收藏 for a class: judge_whether_collection says which, add_my_collection and
 * delete_my_collection change it. Signed out, it leads to sign-in.
 */
import { classType, collectionType } from '#contract/coded-values';
import { Button } from '../../components/ui/button.tsx';
import { useApiMutation } from '../../lib/api/queries.ts';
import { toast } from '../../stores/toast-store.ts';
import { goToLogin } from '../../lib/session/session-flow.ts';
import { useSignedIn } from '../../lib/session/use-session.ts';
import type { ClassDetail } from './sign-up-state.ts';
import styles from './details.module.css';
import { useQuery } from '@tanstack/react-query';
import { collectedQuery } from './class-details-page.data.ts';

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg width={16} height={16} viewBox="0 0 24 24" aria-hidden="true" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth={1.8} strokeLinejoin="round">
      <path d="M12 20s-7-4.4-9.2-8.6C1.3 8.4 3 5 6.4 5c2 0 3.3 1.1 4 2.3.3.5.9.5 1.2 0C12.3 6.1 13.6 5 15.6 5 19 5 20.7 8.4 19.2 11.4 17 15.6 12 20 12 20z" />
    </svg>
  );
}

export function CollectToggle({ klass }: { klass: Pick<ClassDetail, 'id' | 'class_type'> }) {
  const signedIn = useSignedIn();
  const judged = useQuery({ ...collectedQuery(klass.id), enabled: signedIn });
  // Either way, and after a refusal too (collected in another tab, already removed), whether it is
  // collected is asked again before the button lets go (lib/api/invalidations.ts).
  const add = useApiMutation('add_my_collection', { onSuccess: () => void toast.succeed('收藏成功，可在个人中心“我的收藏”查看') });
  const remove = useApiMutation('delete_my_collection', { onSuccess: () => void toast.succeed('已取消收藏') });

  const collected = signedIn && judged.data?.is_collection === true;
  const busy = add.isPending || remove.isPending || (signedIn && judged.isPending);

  function toggle() {
    if (!signedIn) return goToLogin();
    if (collected && judged.data?.collection_id) remove.mutate({ pathParams: { id: judged.data.collection_id } });
    else if (!collected) {
      const type = klass.class_type === classType.values.activity ? collectionType.values.activities : collectionType.values.classes;
      add.mutate({ body: { class_id: klass.id, type } });
    }
  }

  return (
    <Button
      variant="ghost"
      size="lg"
      className={`${styles.collect} ${collected ? styles.collected : ''}`}
      // The name holds the visible words (WCAG 2.5.3: a voice user says what they see).
      aria-label={collected ? '已收藏本班' : '收藏本班'}
      aria-pressed={collected}
      loading={busy}
      onClick={toggle}
      title={signedIn ? undefined : '登录后可收藏'}
    >
      {!busy && <HeartIcon filled={collected} />}
      {collected ? '已收藏' : '收藏'}
    </Button>
  );
}
