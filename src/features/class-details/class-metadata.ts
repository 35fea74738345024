/**
 * What a class's page says of it to search engines and link previews: a description in one
 * sentence and schema.org's Course (with its CourseInstance and Offer: schedule, fee, places), as
 * JSON-LD in the server's HTML (issue 25, item 4). Parents search for classes by name; a result
 * that shows the fee, the ages and whether places are left saves them a click.
 */
import { classSignUpState, weekday } from '#contract/coded-values';
import { useDocumentDescription, useStructuredData } from '../../components/ui/page-frame.tsx';
import type { Data } from '../../lib/api/queries.ts';
import { href } from '#src/lib/routes.ts';

type ClassDetail = Data<'class_detail'>;

const yuan = (fen: number) => (fen / 100).toFixed(2);

export function classDescription(klass: ClassDetail): string {
  const days = klass.weekdays.map((d) => weekday.label(d)).join('、');
  return `${klass.name}：${klass.center_name}${klass.specialty_name}课程，适合${klass.min_age}-${klass.max_age}岁，${days} ${klass.start_time}-${klass.end_time}上课，共${klass.session_count}次，学费${yuan(klass.fee)}元。`;
}

/** schema.org Course → CourseInstance (when, where, who teaches) → Offer (fee in CNY, places, the sign-up window). */
export function classStructuredData(klass: ClassDetail, pageUrl: string): object {
  const open = klass.sign_up_state === classSignUpState.values.open || klass.sign_up_state === classSignUpState.values.notStarted;
  return {
    '@context': 'https://schema.org',
    '@type': 'Course',
    name: klass.name,
    description: classDescription(klass),
    url: pageUrl,
    provider: { '@type': 'Organization', name: '少年儿童活动中心' },
    educationalLevel: `${klass.min_age}-${klass.max_age}岁`,
    hasCourseInstance: {
      '@type': 'CourseInstance',
      courseMode: 'onsite',
      startDate: klass.first_session_date,
      endDate: klass.last_session_date,
      location: { '@type': 'Place', name: klass.center_name, address: klass.address },
      instructor: { '@type': 'Person', name: klass.teacher_name },
      courseSchedule: {
        '@type': 'Schedule',
        byDay: klass.weekdays.map((d) => weekday.label(d)),
        startTime: klass.start_time,
        endTime: klass.end_time,
        repeatCount: klass.session_count,
      },
    },
    offers: {
      '@type': 'Offer',
      price: yuan(klass.fee),
      priceCurrency: 'CNY',
      availability: klass.seats_left > 0 && open ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
      inventoryLevel: { '@type': 'QuantitativeValue', value: klass.seats_left },
      validFrom: klass.sign_up_start_at,
      validThrough: klass.sign_up_end_at,
      url: pageUrl,
    },
  };
}

/** The class page's description and JSON-LD (written into the server's HTML; the description also in the browser). */
export function useClassMetadata(klass: ClassDetail | undefined): void {
  useDocumentDescription(klass ? classDescription(klass) : null);
  useStructuredData(klass ? classStructuredData(klass, href('classDetails', { id: klass.id })) : null);
}
