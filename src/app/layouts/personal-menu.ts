/** The personal center's side menu: every /personal page a parent reaches from it. */
import type { RouteName } from '#src/lib/routes.ts';

export interface PersonalMenuGroup {
  title: string;
  items: { route: RouteName; label: string }[];
}

export const personalMenu: PersonalMenuGroup[] = [
  {
    title: '报名与订单',
    items: [
      { route: 'signUps', label: '报名记录' },
      { route: 'myClasses', label: '我的课程' },
      { route: 'orders', label: '我的订单' },
      { route: 'supplyFees', label: '补缴费用' },
      { route: 'refunds', label: '退费记录' },
    ],
  },
  {
    title: '我的服务',
    items: [
      { route: 'favourites', label: '我的收藏' },
      { route: 'invoices', label: '发票管理' },
      { route: 'pickupPeople', label: '接送人管理' },
      { route: 'mailingAddress', label: '邮寄地址' },
      { route: 'messages', label: '消息通知' },
    ],
  },
  {
    title: '账号设置',
    items: [
      { route: 'personalData', label: '个人资料' },
      { route: 'children', label: '孩子信息' },
      { route: 'realName', label: '实名认证' },
      { route: 'phone', label: '手机号' },
      { route: 'email', label: '邮箱' },
      { route: 'wechat', label: '微信绑定' },
      { route: 'password', label: '登录密码' },
    ],
  },
];

/** Pages reached from another page; the menu highlights the page they belong to. */
export const personalSubPages: Partial<Record<RouteName, { parent: RouteName; label: string }>> = {
  orderDetails: { parent: 'orders', label: '订单详情' },
  refundRequest: { parent: 'orders', label: '申请退费' },
  refundDetails: { parent: 'refunds', label: '退费详情' },
  invoiceRequest: { parent: 'invoices', label: '申请发票' },
};

export function personalLabel(route: RouteName | undefined): string | undefined {
  if (!route) return undefined;
  return personalMenu.flatMap((g) => g.items).find((i) => i.route === route)?.label ?? personalSubPages[route]?.label;
}
