/**
 * /personal/personalData, 个人资料 (also the personal center's index): the avatar (checked, shown
 * and then uploaded), the name (editable until real-name authentication, which fixes it), and
 * where the account's phone, mailbox, real name, password and WeChat stand, with links to them.
 * After a save personal_data is fetched again, so the top bar shows the new name and avatar.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { realNameStatus, type ValueOf } from '#contract/coded-values';
import { Button } from '../../components/ui/button.tsx';
import { StatusText } from '../../components/ui/badge.tsx';
import { TextInput } from '../../components/ui/field.tsx';
import { PageFrame } from '../../components/ui/page-frame.tsx';
import { LoadingState } from '../../components/ui/states.tsx';
import { QueryFailed } from '../../components/ui/query-failed.tsx';
import { useApiMutation, type Data } from '../../lib/api/queries.ts';
import { toast } from '../../stores/toast-store.ts';
import { Avatar } from '../../components/ui/avatar.tsx';
import { failureText } from '../../lib/api/failure-text.ts';
import { useOssUrl } from '../../lib/session/oss.ts';
import { displayName, useCurrentUser } from '../../lib/session/use-session.ts';
import { useAccountFacts } from '../../lib/session/account-facts.ts';
import { AVATAR_ACCEPT, AVATAR_RULE, checkAvatarFile, readAsDataUrl } from './avatar-rules.ts';
import type { Checked } from '../../lib/forms/field-errors.ts';
import { firstIssue } from '../../lib/forms/issue-messages.ts';
import { useForm } from '../../lib/forms/use-form.ts';
import ui from '#src/components/ui/ui.module.css';
import styles from './account.module.css';
import { href, type Href } from '#src/lib/routes.ts';
import { loadContract } from '../../lib/api/client.ts';

type UserInfo = Data<'personal_data'>['user_info'];

export function PersonalDataPage() {
  const user = useCurrentUser();
  return (
    <PageFrame plain title="个人资料" intro="头像和姓名会显示在页面顶部；手机号、邮箱、密码等可在对应页面修改。">
      {user.isPending ? <LoadingState /> : user.isError ? <QueryFailed error={user.error} title="个人资料加载失败" onRetry={() => void user.refetch()} /> : <Profile info={user.data.user_info} />}
    </PageFrame>
  );
}

function Profile({ info }: { info: UserInfo }) {
  const name = displayName(info);
  const facts = useAccountFacts(info);
  return (
    <>
      <div className={styles.profileHead}>
        <AvatarEditor info={info} name={name} />
      </div>
      <h2 className={styles.sectionTitle}>账号信息</h2>
      <ul className={styles.accountRows}>
        <li>
          <span className={styles.rowLabel}>账号</span>
          <span className={styles.rowValue}>{info.username}</span>
          <span />
        </li>
        <li>
          <span className={styles.rowLabel} id="name-label">
            姓名
          </span>
          <NameEditor info={info} status={facts.realNameStatus} />
          <span />
        </li>
        <Row label="手机号" value={info.phone} empty="未绑定" to={href('phone')} link={info.phone ? '更换手机号' : '绑定手机号'} />
        {/* A fact nobody told (decision 073) leaves its row to its link. */}
        <Row label="邮箱" value={facts.mailbox} empty="未绑定" to={href('email')} link={facts.mailbox === undefined ? '邮箱设置' : facts.mailbox ? '更换邮箱' : '绑定邮箱'} />
        <li>
          <span className={styles.rowLabel}>实名认证</span>
          <span className={styles.rowValue}>{facts.realNameStatus !== undefined && <StatusText value={facts.realNameStatus} of={realNameStatus} />}</span>
          <Link className={styles.rowLink} to={href('realName')}>
            {realNameLink(facts.realNameStatus)}
          </Link>
        </li>
        <Row
          label="登录密码"
          value={known(facts.hasPassword, '已设置')}
          empty="未设置"
          to={href('password')}
          link={facts.hasPassword === undefined ? '密码设置' : facts.hasPassword ? '修改密码' : '设置密码'}
        />
        <Row
          label="微信"
          value={known(facts.wechatBound, '已绑定')}
          empty="未绑定"
          to={href('wechat')}
          link={facts.wechatBound === undefined ? '微信绑定' : facts.wechatBound ? '管理微信绑定' : '绑定微信'}
        />
      </ul>
    </>
  );
}

/** A yes as its text, a no as null (the row's empty text), not knowing as undefined. */
const known = (fact: boolean | undefined, yes: string) => (fact === undefined ? undefined : fact ? yes : null);

function realNameLink(status: ValueOf<typeof realNameStatus> | undefined): string {
  if (status === undefined) return '实名认证';
  if (status === realNameStatus.values.passed) return '查看认证信息';
  if (status === realNameStatus.values.reviewing) return '查看审核进度';
  if (status === realNameStatus.values.rejected) return '重新认证';
  return '去实名认证';
}

/** `value` undefined: not known, nothing said. */
function Row({ label, value, empty, to, link }: { label: string; value: string | null | undefined; empty: string; to: Href; link: string }) {
  return (
    <li>
      <span className={styles.rowLabel}>{label}</span>
      <span className={value ? styles.rowValue : ui.muted}>{value === undefined ? '' : (value ?? empty)}</span>
      <Link className={styles.rowLink} to={to}>
        {link}
      </Link>
    </li>
  );
}

/** Pick, check (type and size), preview, then upload and save the address. */
function AvatarEditor({ info, name }: { info: UserInfo; name: string }) {
  const ossUrl = useOssUrl();
  const [picked, setPicked] = useState<{ file: File; preview: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useApiMutation('upload', { errorHandling: 'manual' });
  const edit = useApiMutation('edit_personal_data', { errorHandling: 'manual' });
  const busy = upload.isPending || edit.isPending;

  async function pick(file: File | undefined) {
    if (!file) return;
    setProblem(null);
    const wrong = checkAvatarFile(file);
    if (wrong) {
      setPicked(null);
      setProblem(wrong);
      return;
    }
    try {
      setPicked({ file, preview: await readAsDataUrl(file) });
    } catch {
      setProblem('无法读取这张图片，请换一张试试');
    }
  }

  async function save() {
    if (!picked || busy) return;
    setProblem(null);
    try {
      const { url } = await upload.mutateAsync({ body: { file: picked.file } });
      // Resolves once personal_data is fresh, so the page and the top bar agree at once.
      await edit.mutateAsync({ body: { url } });
      setPicked(null);
      toast.succeed('头像已更新');
    } catch (error) {
      setProblem(failureText(error));
    }
  }

  return (
    <>
      <div className={styles.avatarBox}>{picked ? <img className={styles.avatarPreview} src={picked.preview} alt="新头像预览" /> : <Avatar src={ossUrl(info.url)} size={88} />}</div>
      <div>
        <p className={styles.profileName}>{name}</p>
        <p className={styles.profileMeta}>{picked ? '这是新头像的预览，确认后保存' : info.url ? '已设置头像' : '还没有设置头像'}</p>
        <div className={styles.avatarActions}>
          {picked ? (
            <>
              <Button size="sm" onClick={() => void save()} loading={busy}>
                {upload.isPending ? '上传中…' : '保存头像'}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => (setPicked(null), setProblem(null))} disabled={busy}>
                取消
              </Button>
            </>
          ) : (
            <label className={styles.fileButton}>
              <input
                type="file"
                accept={AVATAR_ACCEPT}
                className={styles.fileInput}
                aria-describedby="avatar-rule"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = '';
                  void pick(file);
                }}
              />
              <span className={styles.pickLabel}>更换头像</span>
            </label>
          )}
          <span id="avatar-rule" className={styles.smallHint}>
            {AVATAR_RULE}
          </span>
          {problem && (
            <p className={styles.avatarError} role="alert">
              {problem}
            </p>
          )}
        </div>
      </div>
    </>
  );
}

/** The name until real-name authentication; afterwards (or while it is reviewed) it is fixed. */
function NameEditor({ info, status }: { info: UserInfo; status: ValueOf<typeof realNameStatus> | undefined }) {
  const edit = useApiMutation('edit_personal_data', { errorHandling: 'manual' });
  const form = useForm({
    initial: { real_name: info.real_name ?? '' },
    // The contract's rule, loaded when the form is first touched (decision 091).
    rules: loadContract,
    check: async ({ real_name: value }): Promise<Checked<string, 'real_name'>> => {
      const { operations } = await loadContract();
      const problem = value.trim() === '' ? '请输入姓名' : firstIssue(operations.edit_personal_data.body.shape.real_name, value, '姓名');
      return problem ? { ok: false, errors: { real_name: problem } } : { ok: true, body: value.trim() };
    },
    // Resolves once personal_data is fresh, so the page and the top bar agree at once.
    onSubmit: async (realName: string) => {
      await edit.mutateAsync({ body: { real_name: realName } });
      toast.succeed('姓名已保存');
    },
  });
  const value = form.draft.real_name;
  // The name has one field: whatever the refusal, it is said there.
  const error = form.errors.real_name ?? form.errors.form ?? null;

  if (status === realNameStatus.values.passed || status === realNameStatus.values.reviewing) {
    return (
      <span className={styles.rowValue}>
        {info.real_name}
        <span className={styles.lockNote}>{status === realNameStatus.values.passed ? '已通过实名认证，姓名以认证信息为准，不能修改' : '实名认证审核中，审核期间姓名不能修改'}</span>
      </span>
    );
  }

  const changed = value.trim() !== (info.real_name ?? '');
  return (
    <form {...form.formProps} className={styles.nameForm}>
      <div>
        <TextInput
          aria-labelledby="name-label"
          value={value}
          onChange={(e) => form.set('real_name', e.target.value)}
          placeholder="请输入您的姓名"
          maxLength={40}
          autoComplete="name"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'name-error' : 'name-hint'}
        />
        {error ? (
          <p id="name-error" className={styles.nameError} role="alert">
            {error}
          </p>
        ) : (
          <p id="name-hint" className={styles.nameHint}>
            完成实名认证后，姓名以认证信息为准
          </p>
        )}
      </div>
      <Button type="submit" size="md" variant="secondary" loading={form.busy || edit.isPending} disabled={!changed}>
        保存
      </Button>
    </form>
  );
}
