/**
 * /enrollment, 招生咨询: how to reach the admissions office (contact_us) and every campus with
 * its address, phone and directions (get_all_org).
 */
import { PhoneIcon } from '../../components/ui/icons.tsx';
import { PageFrame } from '../../components/ui/page-frame.tsx';
import { RichText } from '../../components/ui/rich-text.tsx';
import { EmptyState } from '../../components/ui/states.tsx';
import { useQuery } from '@tanstack/react-query';
import { contactUsQuery, organisationsQuery } from './enquiries-page.data.ts';
import { dialled } from '#src/lib/format.ts';
import { SectionState } from './section-state.tsx';
import { Fact, Facts } from '#src/components/ui/facts.tsx';
import styles from './info.module.css';

export function EnrollmentPage() {
  return (
    <PageFrame title="招生咨询" intro="工作时间内欢迎来电或到现场咨询；各校区地址与交通方式见下方。">
      <AdmissionsOffice />
      <Campuses />
    </PageFrame>
  );
}

function AdmissionsOffice() {
  const query = useQuery(contactUsQuery());
  return (
    <section className={styles.office} aria-labelledby="office-title">
      <h2 id="office-title" className={styles.sectionTitle}>
        招生办公室
      </h2>
      <SectionState query={query} what="咨询方式">
        {(office) => (
          <>
            <Facts className={styles.contactGrid}>
              <Fact term="咨询电话" className={styles.contactItem} valueClassName={styles.contactPhone}>
                <PhoneIcon size={18} />
                <a href={`tel:${dialled(office.phone)}`}>{office.phone}</a>
              </Fact>
              <Fact term="咨询时间" className={styles.contactItem}>
                {office.work_hours}
              </Fact>
              <Fact term="电子邮箱" className={styles.contactItem}>
                <a href={`mailto:${office.email}`}>{office.email}</a>
              </Fact>
              <Fact term="咨询地址" className={styles.contactItem}>
                {office.address}
              </Fact>
            </Facts>
            {office.content.trim() && <RichText html={office.content} className={styles.officeNote} />}
          </>
        )}
      </SectionState>
    </section>
  );
}

function Campuses() {
  const query = useQuery(organisationsQuery());
  return (
    <section className={styles.campuses} aria-labelledby="campus-title">
      <h2 id="campus-title" className={styles.sectionTitle}>
        各校区地址
      </h2>
      <SectionState query={query} what="校区信息" isEmpty={(d) => d.list.length === 0} empty={<EmptyState title="暂无校区信息" hint="请拨打咨询电话了解上课地点。" />}>
        {({ list }) => (
          <ul className={styles.campusGrid}>
            {list.map((org) => (
              <li key={org.id}>
                <article className={styles.campusCard} aria-labelledby={`org-${org.id}`}>
                  <h3 id={`org-${org.id}`} className={styles.campusName}>
                    {org.name}
                  </h3>
                  <dl className={styles.campusFacts}>
                    <dt>地址</dt>
                    <dd>{org.address}</dd>
                    <dt>电话</dt>
                    <dd>
                      <a href={`tel:${dialled(org.phone)}`}>{org.phone}</a>
                    </dd>
                    <dt>交通</dt>
                    <dd className={styles.traffic}>{org.traffic}</dd>
                  </dl>
                </article>
              </li>
            ))}
          </ul>
        )}
      </SectionState>
    </section>
  );
}
