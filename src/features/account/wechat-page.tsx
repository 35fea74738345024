/**
 * /personal/accountWx, 微信绑定: the bound WeChat account (nickname, avatar, when) with 解除绑定
 * after a confirmation; when none is bound, how to bind one in the mini-program, with its QR code.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { linkOrNull } from '#contract/links';
import { thirdPartyKind } from '#contract/coded-values';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { PageFrame } from '../../components/ui/page-frame.tsx';
import { QueryState } from '../../components/ui/states.tsx';
import { useApiMutation, type Data } from '../../lib/api/queries.ts';
import { formatDateTime } from '../../lib/format.ts';
import { toast } from '../../stores/toast-store.ts';
import { Avatar } from '../../components/ui/avatar.tsx';
import { QrCode } from '../../components/ui/qr-code.tsx';
import { useOssUrl } from '../../lib/session/oss.ts';
import styles from './account.module.css';
import { siteInformationQuery } from '../../lib/api/shared-queries.ts';
import { wechatQuery } from './wechat-page.data.ts';

type Binding = Data<'get_register_user_auth_info'>['list'][number];

export function WechatPage() {
  const query = useQuery(wechatQuery());
  return (
    <PageFrame plain title="微信绑定" intro="绑定微信后，可以在小程序中用微信快捷登录，并接收报名和缴费提醒。">
      <QueryState query={query}>
        {(data) => {
          const wechat = data.list.find((b) => b.auth_type === thirdPartyKind.values.wechat);
          return wechat ? <Bound binding={wechat} /> : <HowToBind />;
        }}
      </QueryState>
    </PageFrame>
  );
}

function Bound({ binding }: { binding: Binding }) {
  const ossUrl = useOssUrl();
  const [confirming, setConfirming] = useState(false);
  const unbind = useApiMutation('unbound_register_user_auth_info', {
    onSuccess: () => {
      setConfirming(false);
      toast.succeed('已解除微信绑定');
    },
    onError: () => setConfirming(false),
  });
  return (
    <>
      <div className={styles.wechatCard}>
        <Avatar src={ossUrl(binding.avatar)} size={56} />
        <div>
          <p className={styles.wechatName}>{binding.nickname}</p>
          <p className={styles.wechatMeta}>已绑定微信 · 绑定于 {formatDateTime(binding.bound_at)}</p>
        </div>
        <Button className={styles.wechatAction} variant="ghost" onClick={() => setConfirming(true)}>
          解除绑定
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="解除微信绑定？"
        confirmText="解除绑定"
        danger
        busy={unbind.isPending}
        onConfirm={() => unbind.mutate({ query: { auth_type: binding.auth_type } })}
        onClose={() => setConfirming(false)}
      >
        <p>解除后将不能用微信“{binding.nickname}”快捷登录，也收不到微信提醒；您仍可用手机号和密码登录，之后可在小程序中重新绑定。</p>
      </ConfirmDialog>
    </>
  );
}

function HowToBind() {
  const site = useQuery(siteInformationQuery());
  // Only a web address is drawn (decision 046): one left out is a code that cannot be shown.
  const url = linkOrNull(site.data?.mini_program_url, 'absolute');
  return (
    <>
      <div className={styles.note}>
        <p>您的账号还没有绑定微信。</p>
      </div>
      <div className={styles.bindGuide}>
        <div>
          <h2 className={styles.sectionTitle}>如何绑定</h2>
          <ol className={styles.bindSteps}>
            <li>用微信扫描右侧二维码，打开少年儿童活动中心小程序；</li>
            <li>在小程序“我的”页面，用本账号的手机号登录；</li>
            <li>按提示授权微信，即完成绑定；回到此页刷新即可看到。</li>
          </ol>
        </div>
        <div className={styles.qrBox}>
          {url ? <QrCode text={url} size={160} label="小程序二维码" /> : site.isError || site.data ? <span>二维码加载失败</span> : <span>二维码加载中…</span>}
          <span>微信扫码打开小程序</span>
        </div>
      </div>
    </>
  );
}
