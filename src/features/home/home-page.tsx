/**
 * / — the home page: the category menu beside the banners, the site notice, then the centers,
 * the 秒杀 classes with their countdowns, and the lists of classes opening soon, closing soon and
 * full. Each section asks for its own list, so a list that arrives renders its own section and
 * not the page (decision 042): the page itself renders once.
 */
import type { ComponentProps } from 'react';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '#src/components/ui/page-frame.tsx';
import { useQuery } from '@tanstack/react-query';
import { formatMonthDayTime } from '#src/lib/format.ts';
import { CategoryMenu } from '#src/components/classes/category-menu.tsx';
import { BannerCarousel } from './banner-carousel.tsx';
import { CenterSection } from './center-section.tsx';
import { ClassListSection } from './home-section.tsx';
import { SeckillSection } from './seckill-section.tsx';
import { SiteNotice } from './site-notice.tsx';
import { homeListQuery, type HomeListId } from './home-page.data.ts';
import styles from './home.module.css';
import { href } from '#src/lib/routes.ts';

function HomeClassList({ list, ...section }: { list: HomeListId } & Omit<ComponentProps<typeof ClassListSection>, 'query'>) {
  const query = useQuery(homeListQuery(list));
  return <ClassListSection query={query} {...section} />;
}

export function HomePage() {
  useDocumentTitle('');
  // Only its refetch is read here: react-query renders a component again only when what it read
  // changes, so the list's arrival renders its section (HomeClassList), not the page.
  const { refetch: refetchUpcoming } = useQuery(homeListQuery('sign_up_for_upcoming_class'));
  return (
    <div className={styles.home}>
      <h1 className="visually-hidden">少年儿童活动中心报名服务平台</h1>
      <div className={styles.hero}>
        <CategoryMenu className={styles.heroMenu} />
        <BannerCarousel />
      </div>
      <SiteNotice />
      <CenterSection />
      <SeckillSection onOpened={refetchUpcoming} />
      <HomeClassList
        list="sign_up_for_upcoming_class"
        title="即将开始报名"
        subtitle="提前了解，开放报名时不错过"
        note={(klass) => <span className={styles.noteStrong}>{formatMonthDayTime(klass.sign_up_start_at)} 开始报名</span>}
        empty={
          <>
            近期没有即将开始报名的班级，<Link to={href('search', { available: true })}>看看正在报名的课程</Link>
          </>
        }
      />
      <HomeClassList
        list="sign_up_is_coming_to_end"
        title="即将截止"
        subtitle="报名即将结束，抓紧时间"
        more={{ to: href('search', { available: true }), label: '全部可报名班级' }}
        note={(klass) => <span className={styles.noteDanger}>{formatMonthDayTime(klass.sign_up_end_at)} 截止报名</span>}
        empty="近期没有即将截止报名的班级。"
      />
      <HomeClassList list="make_full_appointment_class" title="已满员" subtitle="热门班级名额已满，可以关注同类课程" note={(klass) => <span>共{klass.capacity}个名额，已全部报满</span>} empty={null} />
    </div>
  );
}
