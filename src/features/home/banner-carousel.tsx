/**
 * The home page's banners (exhibition_banner): one at a time, advancing every few seconds; it
 * stops while the pointer or the keyboard focus is on it, and the pause button stops it for good
 * (WCAG 2.2.2). Arrows, dots and ←/→ work from the keyboard.
 */
import { useEffect, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import type { z } from 'zod';
import type { operations } from '#contract/index';
import { BackendLink } from '#src/components/ui/backend-link.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { ChevronRight } from '#src/components/ui/icons.tsx';
import { useQuery } from '@tanstack/react-query';
import { bannersQuery } from './home-page.data.ts';
import { useOssUrl } from '#src/lib/session/oss.ts';
import { SkeletonArea, boneClassName } from '#src/components/ui/skeleton.tsx';
import styles from './home.module.css';
import { href } from '#src/lib/routes.ts';

type Banner = z.output<(typeof operations)['exhibition_banner']['response']>['list'][number];

export const BANNER_INTERVAL_MS = 5000;

export function BannerCarousel() {
  const banners = useQuery(bannersQuery());
  if (banners.isPending) return <SkeletonArea className={`${styles.banner} ${boneClassName}`} label="活动推荐加载中" />;
  if (banners.isError) {
    return (
      <div className={`${styles.banner} ${styles.bannerPlain}`} role="alert">
        <p>活动推荐加载失败</p>
        <Button variant="secondary" size="sm" onClick={() => void banners.refetch()}>
          重新加载
        </Button>
      </div>
    );
  }
  const slides = [...banners.data.list].sort((a, b) => a.sort - b.sort || a.id - b.id);
  if (slides.length === 0) {
    // No banner published: the hero still greets the parent and leads to the classes.
    return (
      <div className={`${styles.banner} ${styles.bannerPlain}`}>
        <p className={styles.welcome}>欢迎来到少年儿童活动中心</p>
        <Link to={href('search')} className={styles.welcomeLink}>
          浏览全部课程
        </Link>
      </div>
    );
  }
  return <Carousel slides={slides} />;
}

/** The set with slide `i` in it (the same set when it already is, so React renders nothing). */
const withSlide = (set: ReadonlySet<number>, i: number): ReadonlySet<number> => (set.has(i) ? set : new Set(set).add(i));

function Carousel({ slides }: { slides: Banner[] }) {
  const ossUrl = useOssUrl();
  const count = slides.length;
  const [chosen, setIndex] = useState(0);
  const index = chosen % count;
  // The pictures asked for: the slide shown, and the next one half an interval before its turn
  // (decision 093). A banner is a picture the width of the screen: the others would come with the
  // page for nothing on a phone's link, and each is drawn on the main thread as it arrives.
  const [asked, setAsked] = useState<ReadonlySet<number>>(() => new Set([0]));
  const ask = (...picked: number[]) => setAsked((set) => picked.reduce(withSlide, set));
  const next = (index + 1) % count;
  const previous = (index + count - 1) % count;
  // A slide shown keeps its picture after it (React's state adjusted while rendering).
  if (!asked.has(index)) setAsked(withSlide(asked, index));
  // A picture with no address (none that is a file link, decision 046), or not asked for yet: its title on the theme's green.
  const image = (banner: Banner, i: number) => {
    const src = asked.has(i) && ossUrl(banner.image_url);
    return src ? <img src={src} alt={banner.title} width={960} height={320} /> : <span className={styles.slideTitle}>{banner.title}</span>;
  };
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  // A parent whose system asks for less motion gets no slides moving by themselves (WCAG 2.2.2); arrows and dots still work.
  const [stillByChoice] = useState(() => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches);
  const running = count > 1 && !hovered && !focused && !stopped && !stillByChoice;

  useEffect(() => {
    const timer = setTimeout(() => setAsked((set) => withSlide(set, next)), BANNER_INTERVAL_MS / 2);
    return () => clearTimeout(timer);
  }, [next]);

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), BANNER_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [running, count]);

  const go = (to: number) => setIndex(((to % count) + count) % count);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') go(index - 1);
    else if (event.key === 'ArrowRight') go(index + 1);
    else return;
    event.preventDefault();
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    // Hovering pauses the rotation (WCAG 2.2.2); keyboard users pause it by focus or its own button.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <section
      className={`${styles.banner} ${styles.carousel}`}
      aria-roledescription="carousel"
      aria-label="活动推荐"
      // A pointer or the focus here may press an arrow next: both neighbours' pictures are asked for.
      onMouseEnter={() => {
        setHovered(true);
        ask(next, previous);
      }}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => {
        setFocused(true);
        ask(next, previous);
      }}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
    >
      {/* Announce a change only when the parent made it, not every few seconds. */}
      <div className={styles.slides} aria-live={running ? 'off' : 'polite'}>
        {slides.map((banner, i) => (
          <div
            key={banner.id}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} / ${count}：${banner.title}`}
            className={`${styles.slide} ${i === index ? styles.slideCurrent : ''}`}
            aria-hidden={i !== index}
            inert={i !== index}
          >
            {/* In-app paths by the router, http(s) in a new tab, anything else nowhere. */}
            <BackendLink href={banner.link_url} fallback={image(banner, i)}>
              {image(banner, i)}
            </BackendLink>
          </div>
        ))}
      </div>
      {count > 1 && (
        <>
          <button type="button" className={`${styles.arrow} ${styles.arrowPrev}`} aria-label="上一张" onClick={() => go(index - 1)}>
            <ChevronRight size={22} />
          </button>
          <button type="button" className={`${styles.arrow} ${styles.arrowNext}`} aria-label="下一张" onClick={() => go(index + 1)}>
            <ChevronRight size={22} />
          </button>
          <div className={styles.dots} role="group" aria-label="选择轮播图">
            {slides.map((banner, i) => (
              <button key={banner.id} type="button" className={styles.dot} aria-label={`第${i + 1}张：${banner.title}`} aria-current={i === index ? 'true' : undefined} onClick={() => go(i)} />
            ))}
          </div>
          <button type="button" className={`${styles.pause} ${stopped ? styles.pauseOn : ''}`} onClick={() => setStopped((s) => !s)}>
            {stopped ? '继续轮播' : '暂停轮播'}
          </button>
        </>
      )}
    </section>
  );
}
