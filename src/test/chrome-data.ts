/**
 * Answers for the chrome's calls in component tests (msw/node), typed by the contract so they
 * cannot drift from it.
 */
import type { z } from 'zod';
import type { operations } from '#contract/index';
import { apiUrl, http, ok } from './api-server.ts';

type Data<K extends keyof typeof operations> = z.input<(typeof operations)[K]['response']>;
const url = (path: string) => apiUrl(path, location.origin);

export const categories: Data<'class_category'> = {
  class_list: [
    { id: 1, name: '美术', children: [{ id: 11, name: '儿童画' }, { id: 12, name: '国画' }, { id: 13, name: '书法' }] },
    { id: 2, name: '音乐', children: [{ id: 21, name: '钢琴' }] },
    { id: 3, name: '超长名称的科技创新与人工智能启蒙', children: [] },
  ],
};

export const site: Data<'site_information'> = {
  name: '少年儿童活动中心',
  phone: '010-6616 2026',
  address: '北京市西城区平安里西大街1号',
  email: 'service@example.org',
  work_hours: '周二至周日 9:00-17:00',
  icp: '京ICP备00000000号',
  copyright: '© 2026 少年儿童活动中心',
  microblog_url: 'https://weibo.example.org/cc',
  official_site_url: 'https://www.example.org',
  ticket_url: 'https://ticket.example.org',
  about_url: 'https://www.example.org/about',
  app_download_url: 'https://app.example.org/download',
  mini_program_url: 'https://mp.example.org/cc',
  official_account_url: 'https://mp.example.org/account',
  registration_notice: '报名须知：请如实填写孩子信息。',
};

export const globalConfig: Data<'global_config'> = {
  pay_ws_url: '/children_center/front/ws/pay',
  pay_window_minutes: 30,
  invoice_window_days: 90,
  max_pickers_per_child: 3,
  service_phone: '010-6616 2026',
  term: '2026-2027学年第一学期',
};

export const userInfo: Data<'personal_data'>['user_info'] = {
  id: 42,
  url: null,
  real_name: '张伟',
  phone: '138****0000',
  username: 'zhangwei',
  mailbox: null,
  real_name_status: 2,
  has_password: true,
  wechat_bound: false,
};

export const children: Data<'contact_information'>['list'] = [
  { id: 5, name: '张小明', gender: 1, birth_date: '2019-03-08', age: 7, credential_type: 1, id_number: '110105********0013', audit_status: 2, avatar: null },
  { id: 6, name: '张小红', gender: 2, birth_date: '2021-05-01', age: 5, credential_type: 1, id_number: '110105********0024', audit_status: 2, avatar: null },
];

/** The chrome's calls, answered; override any with server.use(...) in a test. */
export function chromeHandlers(options: { user?: typeof userInfo; kids?: typeof children; unread?: number } = {}) {
  const kids = options.kids ?? children;
  return [
    http.get(url('class_category'), () => ok(categories)),
    http.get(url('site_information'), () => ok(site)),
    http.get(url('oss_base_url'), () => ok({ oss_base_url: '/mock-oss/' })),
    http.get(url('personal_data'), () => ok({ user_info: options.user ?? userInfo })),
    http.get(url('contact_information'), () => ok({ list: kids, total: kids.length, page: 1, page_size: 100 })),
    http.get(url('system_message_is_see_num'), () => ok({ num: options.unread ?? 3 })),
  ];
}

export { url as chromeUrl };
