/** 验证码: the latest SMS and mailbox codes and captchas, to finish phone and mailbox flows. */
import { useState } from 'react';
import { fromIso } from '#fixtures/time';
import codeClasses from './codes-tab.module.css';
import classes from './panel.module.css';
import { beijing, type TabProps } from './shared.tsx';

function CopyButton({ text, label }: { text: string; label: string }) {
  const [done, setDone] = useState(false);
  return (
    <button
      type="button"
      className={classes.mini}
      aria-label={label}
      onClick={() =>
        void navigator.clipboard?.writeText(text).then(
          () => setDone(true),
          () => setDone(false),
        )
      }
    >
      {done ? '已复制' : '复制'}
    </button>
  );
}

export function CodesTab({ mock }: TabProps) {
  const now = mock.state.now();
  const codes = mock.state.db.codes
    .all()
    .sort((a, b) => fromIso(b.sent_at) - fromIso(a.sent_at))
    .slice(0, 8);
  const captchas = mock.state.db.captchas.all().reverse().slice(0, 4);
  const validity = (used: boolean, expiresAt: string) => (used ? '已使用' : fromIso(expiresAt) < now ? '已过期' : '有效');

  return (
    <div className={classes.tabBody}>
      <h3>短信 / 邮箱验证码</h3>
      {codes.length === 0 ? (
        <p className={`${classes.muted} ${classes.small}`}>还没有发送过验证码。</p>
      ) : (
        <table className={codeClasses.table}>
          <thead>
            <tr>
              <th scope="col">发送到</th>
              <th scope="col">用途</th>
              <th scope="col">验证码</th>
              <th scope="col">状态</th>
            </tr>
          </thead>
          <tbody>
            {codes.map((c, i) => (
              <tr key={i}>
                <td>
                  {c.target}
                  <div className={`${classes.muted} ${classes.small}`}>{beijing(fromIso(c.sent_at)).slice(5, 16)}</div>
                </td>
                <td>{c.purpose}</td>
                <td>
                  <code className={codeClasses.value}>{c.code}</code> <CopyButton text={c.code} label={`复制验证码 ${c.code}`} />
                </td>
                <td>{validity(c.used, c.expires_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h3>图形验证码</h3>
      {captchas.length === 0 ? (
        <p className={`${classes.muted} ${classes.small}`}>还没有生成过图形验证码。</p>
      ) : (
        <table className={codeClasses.table}>
          <tbody>
            {captchas.map((c) => (
              <tr key={c.key}>
                <td>
                  <code className={classes.small}>{c.key}</code>
                </td>
                <td>
                  <code className={codeClasses.value}>{c.code}</code>
                </td>
                <td>{validity(c.used, c.expires_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
