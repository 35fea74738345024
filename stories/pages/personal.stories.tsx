/**
 * The personal center's pages, signed in, in the states a parent can meet: as they open, loading,
 * empty (a new parent), failed and retried; signed out, each sends the parent home.
 */
import type { Meta } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { failingOnce, hanging, pageStory, refusing, retried, settled } from '../support/page-story.tsx';
import { paidOrder, refundOf } from './ids.ts';

const meta: Meta = { title: 'Pages/Personal', parameters: { layout: 'fullscreen' } };
export default meta;

const gaoyan = { as: 'gaoyan' } as const;
/** A new parent: no children, no orders, nothing yet. */
const newParent = { scenario: 'new-parent', as: 'liuxin' } as const;

export const PersonalData = pageStory({ path: '/personal/personalData', ...gaoyan, shows: { heading: '个人资料' } });
// The chrome asks for the same data (one request for both): a failure that lasts is what the page shows.
export const PersonalDataFailed = pageStory({ path: '/personal/personalData', ...gaoyan, faults: [refusing('personal_data', 'serverError')], shows: '个人资料加载失败' });
export const PersonalSignedOut = pageStory({
  sameAs: 'Pages/Browsing / Home signed out',
  path: '/personal/myOrder',
  shows: '限时秒杀',
});

export const Orders = pageStory({ path: '/personal/myOrder', ...gaoyan, shows: { heading: '我的订单' } });
export const OrdersLoading = pageStory({ path: '/personal/myOrder', ...gaoyan, loading: true, faults: [hanging('order_list')] });
export const OrdersEmpty = pageStory({ path: '/personal/myOrder', ...newParent, shows: { heading: '我的订单' } });
export const OrdersFailed = pageStory({ path: '/personal/myOrder', ...gaoyan, faults: [refusing('order_list', 'serverError')], shows: '订单加载失败' });
export const OrdersFailedThenRetried = pageStory({
  sameAs: 'Pages/Personal / Orders',
  path: '/personal/myOrder',
  ...gaoyan,
  faults: [failingOnce('order_list')],
  shows: '订单加载失败',
  then: retried({ heading: '我的订单' }),
});
export const OrdersPhone = pageStory({ path: '/personal/myOrder', ...gaoyan, phone: true, shows: { heading: '我的订单' } });
/** Cancelling an unpaid order asks first; 再想想 leaves it as it was. */
export const OrderCancelAsksFirst = pageStory({
  path: '/personal/myOrder',
  scenario: 'unpaid-order',
  as: 'lina',
  shows: { heading: '我的订单' },
  then: async ({ canvas, userEvent }) => {
    await userEvent.click((await canvas.findAllByRole('button', { name: /取消订单/ }))[0]!);
    const dialog = await canvas.findByRole('dialog');
    await expect(dialog).toBeVisible();
  },
});

export const OrderDetails = pageStory({ path: (m) => `/personal/orderDetails?id=${paidOrder(m).id}`, ...gaoyan, shows: { heading: '订单详情' } });
export const OrderDetailsFailedThenRetried = pageStory({
  sameAs: 'Pages/Personal / Order details',
  path: (m) => `/personal/orderDetails?id=${paidOrder(m).id}`,
  ...gaoyan,
  faults: [failingOnce('order_detail')],
  shows: '订单加载失败',
  then: retried({ heading: '订单详情' }),
});
export const OrderDetailsNotFound = pageStory({ path: '/personal/orderDetails?id=999999', ...gaoyan, shows: { heading: '订单详情' } });

export const SignUps = pageStory({ path: '/personal/classBooking', ...gaoyan, shows: { heading: '报名记录' } });
export const SignUpsEmpty = pageStory({ path: '/personal/classBooking', ...newParent, shows: { heading: '报名记录' } });
export const SignUpsFailedThenRetried = pageStory({
  path: '/personal/classBooking',
  ...gaoyan,
  faults: [failingOnce('sign_up_list')],
  shows: '报名记录加载失败',
  then: retried({ heading: '报名记录' }),
});
export const SignUpsLotteryPending = pageStory({ path: '/personal/classBooking', scenario: 'lottery-pending', as: 'zhouyang', shows: { heading: '报名记录' } });

export const MyClasses = pageStory({ path: '/personal/classGrade', ...gaoyan, shows: { heading: '我的课程' } });
export const MyClassesEmpty = pageStory({ path: '/personal/classGrade', ...newParent, shows: { heading: '我的课程' } });
export const MyClassesLoading = pageStory({ path: '/personal/classGrade', ...gaoyan, loading: true, faults: [hanging('my_class')] });

export const SupplyFees = pageStory({ path: '/personal/supplyFee', scenario: 'supply-fee', as: 'huangli', shows: { heading: '补缴费用' } });
export const SupplyFeesEmpty = pageStory({ path: '/personal/supplyFee', ...newParent, shows: { heading: '补缴费用' } });

export const Refunds = pageStory({ path: '/personal/refund', ...gaoyan, shows: { heading: '退费记录' } });
export const RefundsEmpty = pageStory({ path: '/personal/refund', ...newParent, shows: { heading: '退费记录' } });
export const RefundsFailed = pageStory({ path: '/personal/refund', ...gaoyan, faults: [refusing('my_refund_list', 'serverError')], shows: '退费记录加载失败' });
export const RefundDetails = pageStory({ path: (m) => `/personal/refundDetails?id=${refundOf(m).id}`, ...gaoyan, shows: { heading: '退费详情' } });
export const RefundDetailsInProgress = pageStory({
  path: (m) => `/personal/refundDetails?id=${refundOf(m, 'zhaomin').id}`,
  scenario: 'refund-in-progress',
  as: 'zhaomin',
  shows: { heading: '退费详情' },
});
export const RefundDetailsFailedThenRetried = pageStory({
  sameAs: 'Pages/Personal / Refund details',
  path: (m) => `/personal/refundDetails?id=${refundOf(m).id}`,
  ...gaoyan,
  faults: [failingOnce('refund_detail')],
  shows: '退费详情加载失败',
  then: retried({ heading: '退费详情' }),
});
export const RefundRequest = pageStory({ path: (m) => `/personal/refundConfirm?id=${paidOrder(m, 'wangqiang').id}`, scenario: 'paid-refundable', as: 'wangqiang', shows: { heading: '申请退费' } });

export const Favourites = pageStory({ path: '/personal/collect', ...gaoyan, shows: { heading: '我的收藏' } });
export const FavouritesEmpty = pageStory({ path: '/personal/collect', ...newParent, shows: { heading: '我的收藏' } });
export const FavouritesFailedThenRetried = pageStory({
  sameAs: 'Pages/Personal / Favourites',
  path: '/personal/collect',
  ...gaoyan,
  faults: [failingOnce('get_my_collection')],
  shows: '收藏的课程加载失败',
  then: retried({ heading: '我的收藏' }),
});

export const Invoices = pageStory({ path: '/personal/invoiceInfo', scenario: 'invoice-issued', as: 'chenjing', shows: { heading: '发票管理' } });
export const InvoicesEmpty = pageStory({ path: '/personal/invoiceInfo', ...newParent, shows: { heading: '发票管理' } });
export const InvoiceRequest = pageStory({ path: (m) => `/personal/applyInvoice?id=${paidOrder(m, 'chenjing').id}`, scenario: 'invoice-issued', as: 'chenjing', shows: { heading: '申请发票' } });

export const Messages = pageStory({ path: '/personal/systemMessages', ...gaoyan, shows: { heading: '消息通知' } });
export const MessagesEmpty = pageStory({ path: '/personal/systemMessages', ...newParent, shows: '暂无消息' });
export const MessagesFailedThenRetried = pageStory({
  sameAs: 'Pages/Personal / Messages',
  path: '/personal/systemMessages',
  ...gaoyan,
  faults: [failingOnce('system_message_list')],
  shows: '消息加载失败',
  then: retried({ heading: '消息通知' }),
});
/** The parent's latest message opened: its content below it, read (system_message_detail), the list's counts asked again. */
export const MessageOpened = pageStory({
  path: '/personal/systemMessages',
  ...gaoyan,
  shows: { heading: '消息通知' },
  then: async ({ canvas, canvasElement, userEvent }) => {
    // The page's other menus have closed buttons too: a message's row is named by its id.
    const rows = await waitFor(() => {
      const found = canvas.getAllByRole('button', { expanded: false }).filter((button) => button.id.startsWith('message-'));
      expect(found, 'a message to open').not.toHaveLength(0);
      return found;
    });
    await userEvent.click(rows[0]!);
    await expect(await within(rows[0]!.closest('li')!).findByRole('region')).toBeVisible();
    await settled(canvasElement);
  },
});

export const Children = pageStory({ path: '/personal/contacts', scenario: 'family', as: 'zhangwei', shows: { heading: /孩子/ } });
export const ChildrenNone = pageStory({ path: '/personal/contacts', ...newParent, shows: { heading: /孩子/ } });
export const ChildrenUnderReview = pageStory({ path: '/personal/contacts', as: 'xuming', shows: { heading: /孩子/ } });
export const ChildrenFailed = pageStory({ path: '/personal/contacts', ...gaoyan, faults: [refusing('contact_information', 'serverError')], shows: '服务器开小差了，请稍后再试' });
export const ChildAddForm = pageStory({ path: '/personal/contacts?add=1', ...gaoyan, shows: { heading: '添加孩子' } });
/** The form sent empty: every field that must be filled says so; nothing is sent. */
export const ChildAddFormErrors = pageStory({
  path: '/personal/contacts?add=1',
  ...gaoyan,
  shows: { heading: '添加孩子' },
  then: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: /保存|提交|添加/ }));
    await expect((await canvas.findAllByRole('alert')).length).toBeGreaterThan(0);
  },
});

export const PickupPeople = pageStory({ path: '/personal/accessControl', ...gaoyan, shows: { heading: '接送人管理' } });
export const PickupPeopleNoChildren = pageStory({ path: '/personal/accessControl', ...newParent, shows: { heading: '接送人管理' } });
export const MailingAddress = pageStory({ path: '/personal/mailing', ...gaoyan, shows: { heading: '邮寄地址' } });
export const MailingAddressNone = pageStory({ path: '/personal/mailing', ...newParent, shows: { heading: '邮寄地址' } });
