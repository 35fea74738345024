/**
 * /apply, 招生简章: the brochure the center publishes, beside a guide (term, consultation phone,
 * where to go next), and the catalogue's categories with their specialties, each a way into the
 * class search.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { PhoneIcon } from '../../components/ui/icons.tsx';
import { PageFrame } from '../../components/ui/page-frame.tsx';
import { EmptyState } from '../../components/ui/states.tsx';
import { centerHref, specialtyHref } from '../../components/classes/category-menu.tsx';
import { FrontContent, contentModules } from './front-content.tsx';
import { SectionState } from './section-state.tsx';
import styles from './info.module.css';
import { href } from '#src/lib/routes.ts';
import { classCategoryQuery, globalConfigQuery, siteInformationQuery } from '../../lib/api/shared-queries.ts';

export function BrochurePage() {
  return (
    <PageFrame title="招生简章" intro="招生对象、招生方式、报名时间与缴退费规则，报名前请仔细阅读。">
      <div className={styles.columns}>
        <div className={styles.mainColumn}>
          <FrontContent module={contentModules.brochure} name="招生简章" reserve={760} />
        </div>
        <BrochureGuide />
      </div>
      <SpecialtyOverview />
    </PageFrame>
  );
}

function BrochureGuide() {
  const config = useQuery(globalConfigQuery());
  const site = useQuery(siteInformationQuery());
  const pending = '加载中…';
  return (
    <aside className={styles.guide} aria-label="报名指引">
      <div className={styles.guideCard}>
        <h2 className={styles.guideTitle}>本学期</h2>
        <p className={styles.term}>{config.data?.term ?? (config.isPending ? pending : '请以各班级详情为准')}</p>
        <Link to={href('search')} className={styles.cta}>
          浏览全部课程
        </Link>
      </div>
      <div className={styles.guideCard}>
        <h2 className={styles.guideTitle}>招生咨询</h2>
        {site.data ? (
          <>
            <p className={styles.phone}>
              <PhoneIcon size={18} />
              <span>{site.data.phone}</span>
            </p>
            <p className={styles.hours}>{site.data.work_hours}</p>
          </>
        ) : (
          <p className={styles.hours}>{site.isPending ? pending : '咨询方式暂时无法显示'}</p>
        )}
        <Link to={href('enquiries')} className={styles.more}>
          各校区地址与交通 ›
        </Link>
      </div>
      <div className={styles.guideCard}>
        <h2 className={styles.guideTitle}>报名前请阅读</h2>
        <ul className={styles.readList}>
          <li>
            <Link to={href('paymentNotice')}>缴费须知 ›</Link>
          </li>
          <li>
            <Link to={href('faq')}>家长问答 ›</Link>
          </li>
        </ul>
      </div>
    </aside>
  );
}

function SpecialtyOverview() {
  // Shared with the chrome's category menu, so its failure is handled as the menu's is.
  const categories = useQuery(classCategoryQuery());
  return (
    <section className={styles.overview} aria-labelledby="overview-title">
      <h2 id="overview-title" className={styles.sectionTitle}>
        开设专业
      </h2>
      <SectionState query={categories} what="专业设置" isEmpty={(d) => d.class_list.length === 0} empty={<EmptyState title="专业设置即将公布" />}>
        {({ class_list }) => (
          <ul className={styles.categoryGrid}>
            {class_list.map((category) => (
              <li key={category.id} className={styles.categoryCard}>
                <div className={styles.categoryHead}>
                  <h3 className={styles.categoryName}>
                    <Link to={centerHref(category.id)} title={category.name}>
                      {category.name}
                    </Link>
                  </h3>
                  {category.children.length > 0 && <span className={styles.count}>{category.children.length}个专业</span>}
                </div>
                {category.children.length > 0 ? (
                  <div className={styles.chips}>
                    {category.children.map((s) => (
                      <Link key={s.id} to={specialtyHref(s.id, category.id)} className={styles.chip}>
                        {s.name}
                      </Link>
                    ))}
                  </div>
                ) : (
                  <p className={styles.muted}>专业设置即将公布</p>
                )}
              </li>
            ))}
          </ul>
        )}
      </SectionState>
    </section>
  );
}
