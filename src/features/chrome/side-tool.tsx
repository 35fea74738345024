/**
 * The fixed right side tool (spec §2): app, mini-program and public-account QR codes
 * (generated locally), the microblog link, the consultation phone with its pop-up, back to top.
 * Below 1200px (decision 050) it is a row at the foot of the page instead, its pop-ups shown by a tap.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { linkOrNull } from '#contract/links';
import { AppIcon, ArrowUpIcon, ChatIcon, MiniProgramIcon, PhoneIcon, WeiboIcon } from '../../components/ui/icons.tsx';
import { BackendLink } from '../../components/ui/backend-link.tsx';
import { dialled } from '#src/lib/format.ts';
import { QrCode } from '../../components/ui/qr-code.tsx';
import styles from './side-tool.module.css';
import { COMPACT_HEADER_AT_PX, useScrolledPast } from './use-scrolled-past.ts';
import { siteInformationQuery } from '../../lib/api/shared-queries.ts';

/**
 * A button whose pop-up shows on hover or focus; Esc hides it until the pointer or focus leaves
 * (WCAG 1.4.13). The pop-up's content is made when it is first wanted (`popup(wanted)`): a QR code
 * costs a library and a drawing, which most visits of a page never look at.
 */
function Item({ icon, label, popup }: { icon: ReactNode; label: string; popup: (wanted: boolean) => ReactNode }) {
  const popupId = useId();
  const [dismissed, setDismissed] = useState(false);
  const [wanted, setWanted] = useState(false);
  // Below 1200px a tap shows the pop-up (no hover on a touch screen; Safari does not focus a tapped button).
  const [tapped, setTapped] = useState(false);
  return (
    <li
      className={`${styles.item} ${dismissed ? styles.dismissed : ''} ${tapped ? styles.tapped : ''}`}
      onMouseEnter={() => setWanted(true)}
      onMouseLeave={() => setDismissed(false)}
      onBlur={(event) => !event.currentTarget.contains(event.relatedTarget) && setTapped(false)}
    >
      <button
        type="button"
        className={styles.button}
        aria-label={label}
        aria-describedby={popupId}
        onFocus={() => setWanted(true)}
        onClick={() => (setWanted(true), setTapped(!tapped))}
        onKeyDown={(event) => event.key === 'Escape' && (setDismissed(true), setTapped(false))}
        onBlur={() => setDismissed(false)}
      >
        {icon}
        <span>{label}</span>
      </button>
      <div className={styles.popup} role="tooltip" id={popupId}>
        {popup(wanted)}
      </div>
    </li>
  );
}

export function SideTool() {
  const site = useQuery(siteInformationQuery());
  const scrolled = useScrolledPast(COMPACT_HEADER_AT_PX);
  const info = site.data;
  // Only a web address is drawn (decision 046): one left out is a code that cannot be shown.
  const qr = (value: string | undefined, label: string, caption: string) => (wanted: boolean) => {
    const text = linkOrNull(value, 'absolute');
    return (
      <>
        {!wanted ? null : text ? <QrCode text={text} label={label} /> : <span className={styles.placeholder}>{info ? '暂不可用' : '加载中'}</span>}
        <p>{caption}</p>
      </>
    );
  };
  return (
    <aside className={styles.tool} aria-label="快捷工具">
      <ul>
        <Item icon={<AppIcon size={22} />} label="APP下载" popup={qr(info?.app_download_url, 'APP下载二维码', '扫码下载APP')} />
        <Item icon={<MiniProgramIcon size={22} />} label="小程序" popup={qr(info?.mini_program_url, '小程序二维码', '微信扫码打开小程序')} />
        <Item icon={<ChatIcon size={22} />} label="公众号" popup={qr(info?.official_account_url, '公众号二维码', '微信扫码关注公众号')} />
        <li className={styles.item}>
          <BackendLink className={styles.button} href={info?.microblog_url}>
            <WeiboIcon size={22} />
            <span>官方微博</span>
          </BackendLink>
        </li>
        <Item
          icon={<PhoneIcon size={22} />}
          label="电话咨询"
          popup={() => (
            <div className={styles.phone}>
              <strong>咨询电话</strong>
              {/* A phone calls it with one tap. */}
              {info ? (
                <a className={styles.phoneNumber} href={`tel:${dialled(info.phone)}`}>
                  {info.phone}
                </a>
              ) : (
                <span className={styles.phoneNumber}>—</span>
              )}
              {info && <small>{info.work_hours}</small>}
            </div>
          )}
        />
        {scrolled && (
          <li className={styles.item}>
            <button type="button" className={styles.button} onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}>
              <ArrowUpIcon size={22} />
              <span>返回顶部</span>
            </button>
          </li>
        )}
      </ul>
    </aside>
  );
}
