/** Signing up and paying: the appointment, the order's confirmation and payment, the result. */
import type { Meta } from '@storybook/react-vite';
import { failingOnce, hanging, pageStory, retried } from '../support/page-story.tsx';
import { openClass, signUpOf, unpaidOrder } from './ids.ts';

const meta: Meta = { title: 'Pages/Enrolment', parameters: { layout: 'fullscreen' } };
export default meta;

const appointment = (m: Parameters<typeof openClass>[0]) => `/appointment?id=${openClass(m).id}`;

export const Appointment = pageStory({ path: appointment, scenario: 'family', as: 'zhangwei', shows: { heading: '课程报名' } });
export const AppointmentNoChildren = pageStory({ path: appointment, scenario: 'new-parent', as: 'liuxin', shows: { heading: '课程报名' } });
export const AppointmentTimeConflict = pageStory({ path: '/appointment?id=34', scenario: 'time-conflict', as: 'zhenghao', shows: '上课时间冲突' });
export const AppointmentLoading = pageStory({ path: appointment, scenario: 'family', as: 'zhangwei', loading: true, faults: [hanging('class_detail')] });
export const AppointmentFailedThenRetried = pageStory({
  sameAs: 'Pages/Enrolment / Appointment',
  path: appointment,
  scenario: 'family',
  as: 'zhangwei',
  faults: [failingOnce('class_detail')],
  shows: '课程信息加载失败',
  then: retried({ heading: '课程报名' }),
});
export const AppointmentSignedOut = pageStory({
  sameAs: 'Pages/Browsing / Home signed out',
  path: appointment,
  shows: '限时秒杀',
});
export const AppointmentPhone = pageStory({ path: appointment, scenario: 'family', as: 'zhangwei', phone: true, shows: { heading: '课程报名' } });

export const Settlement = pageStory({ path: (m) => `/settlement?signUpId=${signUpOf(m, 'gaoyan').id}`, as: 'gaoyan', shows: { heading: '确认订单' } });
export const PaymentOfUnpaidOrder = pageStory({ path: (m) => `/collectMoney?orderId=${unpaidOrder(m).id}`, scenario: 'unpaid-order', as: 'lina', shows: { heading: '订单支付' } });
export const PaymentPhone = pageStory({ path: (m) => `/collectMoney?orderId=${unpaidOrder(m).id}`, scenario: 'unpaid-order', as: 'lina', phone: true, shows: { heading: '订单支付' } });
export const PaymentResult = pageStory({ path: (m) => `/paymentResult?orderId=${unpaidOrder(m).id}`, scenario: 'unpaid-order', as: 'lina', shows: { heading: '支付结果' } });
export const PayLink = pageStory({ path: (m) => `/payLink?orderId=${unpaidOrder(m).id}`, scenario: 'unpaid-order', as: 'lina', shows: /支付/ });
export const SupplyFeePayment = pageStory({
  path: (m) => `/collectMoneySupply?supplyFeeId=${m.db.supplyFees.all()[0]!.id}`,
  scenario: 'supply-fee',
  as: 'huangli',
  shows: { heading: '补缴费用' },
});
