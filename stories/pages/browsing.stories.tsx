/**
 * The public pages in the states a parent can meet: as they open, loading, empty, failed and
 * retried, signed in and out. Spec §8's codes: pages/spec-8.stories.tsx.
 */
import type { Meta } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { failingOnce, hanging, pageStory, refusing, retried } from '../support/page-story.tsx';
import { openClass } from './ids.ts';

const meta: Meta = { title: 'Pages/Browsing', parameters: { layout: 'fullscreen' } };
export default meta;

const details = (mock: Parameters<typeof openClass>[0]) => `/details?id=${openClass(mock).id}`;

export const HomeSignedOut = pageStory({ path: '/', shows: '限时秒杀' });
export const HomeSignedIn = pageStory({ path: '/', as: 'gaoyan', shows: '限时秒杀' });
export const HomeLoading = pageStory({ path: '/', loading: true, faults: [hanging('sign_up_for_upcoming_class'), hanging('seckill_class_curriculum'), hanging('homepage_center')] });
/** A catalogue with no classes: every section says so. */
export const HomeEmptyCatalogue = pageStory({ path: '/', scenario: 'empty' });
export const HomeSectionFailed = pageStory({ path: '/', faults: [refusing('homepage_center', 'serverError')], shows: '特色中心加载失败' });
export const HomeSectionRetried = pageStory({ path: '/', faults: [failingOnce('homepage_center')], shows: '特色中心加载失败', then: retried('限时秒杀') });
export const HomePhone = pageStory({ path: '/', phone: true, shows: '限时秒杀' });

export const SearchResults = pageStory({ path: '/searchHome?name=寒假', shows: { heading: /寒假/ } });
export const SearchNothingFound = pageStory({ path: '/searchHome?name=没有这个课程&age=3', shows: /没有找到/ });
export const SearchLoading = pageStory({ path: '/searchHome?name=美术', loading: true, faults: [hanging('search_by_screening_conditions')] });
export const SearchFailedThenRetried = pageStory({ path: '/searchHome?name=寒假', faults: [failingOnce('search_by_screening_conditions')], shows: '搜索失败', then: retried(/寒假/) });
export const SearchPhone = pageStory({ path: '/searchHome?name=寒假', phone: true, shows: { heading: /寒假/ } });

export const DetailsSignedOut = pageStory({ path: details, shows: '上课安排' });
export const DetailsSignedIn = pageStory({ path: details, as: 'gaoyan', shows: '上课安排' });
export const DetailsLoading = pageStory({ path: details, loading: true, faults: [hanging('class_detail')] });
export const DetailsFailed = pageStory({ path: details, faults: [refusing('class_detail', 'serverError')], shows: '班级信息加载失败' });
export const DetailsFailedThenRetried = pageStory({
  sameAs: 'Pages/Browsing / Details signed out',
  path: details,
  faults: [failingOnce('class_detail')],
  shows: '班级信息加载失败',
  then: retried('上课安排'),
});
export const DetailsNoSuchClass = pageStory({ path: '/details?id=999999', shows: { heading: '班级不存在' } });
export const DetailsFullClass = pageStory({ path: '/details?id=32', scenario: 'full-class', as: 'wujing', shows: /已满员/ });
export const DetailsFlashSaleCountdown = pageStory({ path: '/', scenario: 'flash-sale-soon', as: 'sunli', shows: '限时秒杀' });

export const Brochure = pageStory({ path: '/apply', shows: { heading: '招生简章' } });
export const BrochureLoading = pageStory({ path: '/apply', loading: true, faults: [hanging('get_front_content')] });
export const BrochureFailedThenRetried = pageStory({
  sameAs: 'Pages/Browsing / Brochure',
  path: '/apply',
  faults: [failingOnce('get_front_content')],
  shows: '招生简章加载失败',
  then: retried({ heading: '招生简章' }),
});

export const PaymentNotice = pageStory({ path: '/payment', shows: { heading: '缴费须知' } });
export const PaymentNoticeFailed = pageStory({ path: '/payment', faults: [refusing('get_front_content', 'serverError')], shows: '缴费须知加载失败' });

export const Faq = pageStory({ path: '/patriarchFAQ', shows: { heading: '家长问答' } });
export const FaqLoading = pageStory({ path: '/patriarchFAQ', loading: true, faults: [hanging('parents_questions_and_answers')] });
export const FaqFailedThenRetried = pageStory({
  sameAs: 'Pages/Browsing / Faq',
  path: '/patriarchFAQ',
  faults: [failingOnce('parents_questions_and_answers')],
  shows: '问答加载失败',
  then: retried({ heading: '家长问答' }),
});
export const FaqNoMatch = pageStory({ path: '/patriarchFAQ?keyword=火星', shows: { heading: '家长问答' } });
/** Expanding an answer: the keyboard's way in. */
export const FaqAnswerOpened = pageStory({
  path: '/patriarchFAQ',
  shows: { heading: '家长问答' },
  then: async ({ canvas, userEvent }) => {
    const first = (await canvas.findAllByRole('button', { expanded: false }))[0]!;
    await userEvent.click(first);
    await expect(first).toHaveAttribute('aria-expanded', 'true');
  },
});

export const Enquiries = pageStory({ path: '/enrollment', shows: { heading: '招生咨询' } });
export const EnquiriesFailed = pageStory({ path: '/enrollment', faults: [refusing('contact_us', 'serverError'), refusing('get_all_org', 'serverError')], shows: '咨询方式加载失败' });

export const FeedbackSignedOut = pageStory({ path: '/feedback', shows: { heading: '意见反馈' } });
export const FeedbackSignedIn = pageStory({ path: '/feedback', as: 'gaoyan', shows: { heading: '意见反馈' } });
export const FeedbackTypesFailed = pageStory({ path: '/feedback', as: 'gaoyan', faults: [refusing('feedback_get_problem_type', 'serverError')], shows: /问题类型加载失败/ });
/** Sending an empty form: each field says what it needs, nothing is sent. */
export const FeedbackEmptySubmit = pageStory({
  path: '/feedback',
  as: 'gaoyan',
  shows: { heading: '意见反馈' },
  then: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: /提交/ }));
    await expect((await canvas.findAllByRole('alert')).length).toBeGreaterThan(0);
  },
});

export const LoginClose = pageStory({ path: '/loginClose', shows: /登录/ });
export const NotFound = pageStory({ path: '/no/such/page', shows: { heading: 'This page could not be found' } });
