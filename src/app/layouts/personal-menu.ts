/** The personal center's side menu: every /personal page a parent reaches from it. */
export interface PersonalMenuGroup {
  title: string;
  items: { path: string; label: string }[];
}

export const personalMenu: PersonalMenuGroup[] = [
  {
    title: '报名与订单',
    items: [
      { path: 'classBooking', label: '报名记录' },
      { path: 'classGrade', label: '我的课程' },
      { path: 'myOrder', label: '我的订单' },
      { path: 'supplyFee', label: '补缴费用' },
      { path: 'refund', label: '退费记录' },
    ],
  },
  {
    title: '我的服务',
    items: [
      { path: 'collect', label: '我的收藏' },
      { path: 'invoiceInfo', label: '发票管理' },
      { path: 'accessControl', label: '接送人管理' },
      { path: 'mailing', label: '邮寄地址' },
      { path: 'systemMessages', label: '消息通知' },
    ],
  },
  {
    title: '账号设置',
    items: [
      { path: 'personalData', label: '个人资料' },
      { path: 'contacts', label: '孩子信息' },
      { path: 'accountAntonym', label: '实名认证' },
      { path: 'accountPhone', label: '手机号' },
      { path: 'accountMailbox', label: '邮箱' },
      { path: 'accountWx', label: '微信绑定' },
      { path: 'password', label: '登录密码' },
    ],
  },
];

/** Pages reached from another page; the menu highlights the page they belong to. */
export const personalSubPages: Record<string, { parent: string; label: string }> = {
  orderDetails: { parent: 'myOrder', label: '订单详情' },
  refundConfirm: { parent: 'myOrder', label: '申请退费' },
  refundDetails: { parent: 'refund', label: '退费详情' },
  applyInvoice: { parent: 'invoiceInfo', label: '申请发票' },
};

export const personalPaths = [...personalMenu.flatMap((g) => g.items.map((i) => i.path)), ...Object.keys(personalSubPages)];

export function personalLabel(path: string): string | undefined {
  return personalMenu.flatMap((g) => g.items).find((i) => i.path === path)?.label ?? personalSubPages[path]?.label;
}
