import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { admissionKind, signUpStatus } from '#contract/index';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearSession, signIn } from '../../stores/session-store.ts';
import { resetToastStore } from '../../stores/toast-store.ts';
import { fail, http, ok, server } from '../../test/api-server.ts';
import { chromeHandlers, chromeUrl } from '../../test/chrome-data.ts';
import { renderApp } from '../../test/render-app.tsx';
import { pageOf, sampleSignUp, type SampleSignUp } from './test-samples.ts';

// See my-order.test.tsx: the first render loads the route's chunk and the chrome.
configure({ asyncUtilTimeout: 4000 });
beforeAll(() => import('../../pages/personal/class-booking.tsx'), 20_000);

let asked: URLSearchParams[] = [];
function answerSignUps(answer: (query: URLSearchParams) => ReturnType<typeof ok>) {
  server.use(
    http.get(chromeUrl('sign_up_list'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      return answer(query);
    }),
  );
}

beforeEach(() => {
  asked = [];
  server.use(...chromeHandlers());
  signIn({ clientId: 'c-1', accessToken: 't-1', userId: 42 });
});
afterEach(() => {
  clearSession();
  resetToastStore();
});

const { awaitingOrder, lotteryPending, interviewPending, admitted, notAdmitted, ordered, enrolled, cancelled } = signUpStatus.values;
const card = (className: string) => screen.getByRole('article', { name: className });

const lottery = sampleSignUp({
  id: 32,
  class_id: 8,
  class_name: '少儿篮球训练营（寒假）',
  admission_kind: admissionKind.values.lottery,
  status: lotteryPending,
  result_at: '2026-12-06T10:00:00+08:00',
  remark: '将于12月6日 10:00摇号，按随机排序录取至名额满，结果将以站内消息通知',
});

function oneOfEach(): SampleSignUp[] {
  return [
    sampleSignUp({ id: 1, class_name: '待下单班', status: awaitingOrder }),
    sampleSignUp({ id: 2, class_name: '待摇号班', status: lotteryPending, admission_kind: admissionKind.values.lottery }),
    sampleSignUp({ id: 3, class_name: '待面试班', status: interviewPending, admission_kind: admissionKind.values.interview }),
    sampleSignUp({ id: 4, class_name: '已录取班', status: admitted, admission_kind: admissionKind.values.lottery }),
    sampleSignUp({ id: 5, class_name: '未录取班', status: notAdmitted }),
    sampleSignUp({ id: 6, class_name: '已下单班', status: ordered, order_id: 66 }),
    sampleSignUp({ id: 7, class_name: '报名成功班', status: enrolled, order_id: 77 }),
    sampleSignUp({ id: 8, class_name: '已取消班', status: cancelled, remark: '家长取消报名' }),
  ];
}

/** The buttons and links of a card besides the class name. */
const actionsOf = (name: string) =>
  [...card(name).querySelectorAll('a, button')].map((el) => el.textContent).filter((text) => text !== name);

describe('/personal/classBooking 报名记录', () => {
  it('shows each sign-up with class, child, admission kind, status and what happens next', async () => {
    answerSignUps(() => ok(pageOf([lottery])));
    renderApp('/personal/classBooking');
    const c = await screen.findByRole('article', { name: '少儿篮球训练营（寒假）' });
    expect(within(c).getByRole('link', { name: '少儿篮球训练营（寒假）' })).toHaveAttribute('href', '/details?id=8');
    expect(within(c).getByText('报名孩子：张小明')).toBeInTheDocument();
    expect(within(c).getByText('摇号')).toBeInTheDocument();
    expect(within(c).getByText('待摇号')).toBeInTheDocument();
    expect(within(c).getByText('将于12月6日 10:00摇号，按随机排序录取至名额满，结果将以站内消息通知')).toBeInTheDocument();
    expect(within(c).getByRole('link', { name: '查看课程' })).toHaveAttribute('href', '/details?id=8');
  });

  it('offers the next step each status allows', async () => {
    answerSignUps(() => ok(pageOf(oneOfEach())));
    renderApp('/personal/classBooking');
    await screen.findByRole('article', { name: '待下单班' });
    expect(actionsOf('待下单班')).toEqual(['去下单', '取消报名', '查看课程']);
    expect(within(card('待下单班')).getByRole('link', { name: '去下单' })).toHaveAttribute('href', '/settlement?signUpId=1');
    expect(actionsOf('待摇号班')).toEqual(['取消报名', '查看课程']);
    expect(actionsOf('待面试班')).toEqual(['取消报名', '查看课程']);
    expect(actionsOf('已录取班')).toEqual(['去下单', '取消报名', '查看课程']);
    expect(within(card('已录取班')).getByRole('link', { name: '去下单' })).toHaveAttribute('href', '/settlement?signUpId=4');
    expect(actionsOf('未录取班')).toEqual(['查看课程']);
    expect(actionsOf('已下单班')).toEqual(['去支付', '取消报名', '查看课程']);
    expect(within(card('已下单班')).getByRole('link', { name: '去支付' })).toHaveAttribute('href', '/collectMoney?orderId=66');
    expect(actionsOf('报名成功班')).toEqual(['查看订单', '查看课程']);
    expect(within(card('报名成功班')).getByRole('link', { name: '查看订单' })).toHaveAttribute('href', '/personal/orderDetails?id=77');
    expect(actionsOf('已取消班')).toEqual(['查看课程']);
    expect(within(card('待下单班')).getByText('待下单').className).toMatch(/text-danger/);
    expect(within(card('报名成功班')).getByText('报名成功').className).toMatch(/text-success/);
  });

  it('the child filter and the status tabs reach the query and the address', async () => {
    answerSignUps(() => ok(pageOf([lottery])));
    const app = renderApp('/personal/classBooking');
    await screen.findByRole('article', { name: '少儿篮球训练营（寒假）' });
    expect(asked[0]!.get('contact_id')).toBeNull();
    expect(asked[0]!.get('status')).toBeNull();

    const child = screen.getByRole('combobox', { name: '孩子' });
    await waitFor(() => expect(within(child).getAllByRole('option').map((o) => o.textContent)).toEqual(['全部孩子', '张小明', '张小红']));
    await userEvent.selectOptions(child, '张小红');
    await waitFor(() => expect(app.location()).toBe('/personal/classBooking?child=6'));
    await waitFor(() => expect(asked.at(-1)!.get('contact_id')).toBe('6'));

    await userEvent.click(within(screen.getByRole('navigation', { name: '报名状态' })).getByRole('link', { name: '待摇号' }));
    await waitFor(() => expect(app.location()).toBe('/personal/classBooking?child=6&status=lotteryPending'));
    await waitFor(() => expect(asked.at(-1)!.get('status')).toBe(String(lotteryPending)));
    expect(asked.at(-1)!.get('contact_id')).toBe('6');
    expect(screen.getByRole('combobox', { name: '孩子' })).toHaveValue('6');
  });

  it('opens with the filters in the address', async () => {
    answerSignUps(() => ok(pageOf([lottery], { total: 11, page: 2 })));
    renderApp('/personal/classBooking?status=admitted&child=5&page=2');
    await screen.findByRole('article', { name: '少儿篮球训练营（寒假）' });
    expect(asked[0]!.get('status')).toBe(String(admitted));
    expect(asked[0]!.get('contact_id')).toBe('5');
    expect(asked[0]!.get('page')).toBe('2');
    expect(within(screen.getByRole('navigation', { name: '报名状态' })).getByRole('link', { name: '已录取' })).toHaveAttribute('aria-current', 'true');
  });

  it('cancelling asks first with the cancel count, sends cancel_sign_up, and refreshes', async () => {
    let countQuery: URLSearchParams | undefined;
    const sent: { id: string; body: unknown }[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let done = false;
    answerSignUps(() => ok(pageOf([done ? { ...lottery, status: cancelled, remark: '家长取消报名' } : lottery])));
    server.use(
      http.get(chromeUrl('cancel_sign_up_count'), ({ request }) => {
        countQuery = new URL(request.url).searchParams;
        return ok({ count: 2, limit: 3 });
      }),
      http.post(chromeUrl('cancel_sign_up/:id'), async ({ params, request }) => {
        sent.push({ id: String(params.id), body: await request.json() });
        await held;
        done = true;
        return ok(null, '报名已取消');
      }),
    );
    renderApp('/personal/classBooking');
    const c = await screen.findByRole('article', { name: '少儿篮球训练营（寒假）' });
    await userEvent.click(within(c).getByRole('button', { name: '取消报名' }));
    const dialog = screen.getByRole('dialog', { name: '取消报名' });
    expect(dialog).toHaveTextContent('确定取消张小明报名的「少儿篮球训练营（寒假）」吗？');
    expect(dialog).toHaveTextContent('取消后将不再参加本次摇号。');
    expect(await within(dialog).findByText('同一班级每个孩子最多可取消报名 3 次，张小明已取消 2 次。')).toBeInTheDocument();
    expect(within(dialog).getByText('本次取消后将达到上限，张小明将不能再报名该班。')).toBeInTheDocument();
    expect(countQuery?.get('class_id')).toBe('8');
    expect(countQuery?.get('contact_id')).toBe('5');
    expect(sent).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: '确定取消' }));
    await waitFor(() => expect(sent).toEqual([{ id: '32', body: {} }]));
    expect(within(dialog).getByRole('button', { name: '确定取消' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: '再想想' })).toBeDisabled();
    release();
    expect(await screen.findByText('报名已取消')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('article', { name: '少儿篮球训练营（寒假）' })).getByText('已取消')).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: '取消报名' })).toBeNull();
  });

  it('far from the limit, the dialog warns of nothing; 再想想 sends nothing', async () => {
    const sent: string[] = [];
    answerSignUps(() => ok(pageOf([sampleSignUp({ status: ordered, order_id: 66 })])));
    server.use(
      http.get(chromeUrl('cancel_sign_up_count'), () => ok({ count: 0, limit: 3 })),
      http.post(chromeUrl('cancel_sign_up/:id'), ({ params }) => (sent.push(String(params.id)), ok(null))),
    );
    renderApp('/personal/classBooking');
    const c = await screen.findByRole('article', { name: '少儿国画启蒙班' });
    await userEvent.click(within(c).getByRole('button', { name: '取消报名' }));
    const dialog = screen.getByRole('dialog', { name: '取消报名' });
    expect(dialog).toHaveTextContent('该报名的待支付订单将一并取消');
    expect(await within(dialog).findByText(/已取消 0 次/)).toBeInTheDocument();
    expect(within(dialog).queryByText(/将达到上限/)).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: '再想想' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent).toEqual([]);
  });

  it('a refused cancel is told by the central policy and the list is asked again', async () => {
    answerSignUps(() => ok(pageOf([lottery])));
    server.use(
      http.get(chromeUrl('cancel_sign_up_count'), () => ok({ count: 0, limit: 3 })),
      http.post(chromeUrl('cancel_sign_up/:id'), () => fail(200, 300111, '该报名已缴费，不能取消；如需退出请申请退费')),
    );
    const app = renderApp('/personal/classBooking');
    const c = await screen.findByRole('article', { name: '少儿篮球训练营（寒假）' });
    await userEvent.click(within(c).getByRole('button', { name: '取消报名' }));
    const before = asked.length;
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '确定取消' }));
    await waitFor(() => expect(app.ports.toastError).toHaveBeenCalledWith('该报名已缴费，不能取消；如需退出请申请退费'));
    await waitFor(() => expect(asked.length).toBeGreaterThan(before));
  });

  it('says when there are no sign-ups, with a way to browse classes', async () => {
    answerSignUps(() => ok(pageOf([])));
    renderApp('/personal/classBooking');
    expect(await screen.findByText('还没有报名记录')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去选课程' })).toHaveAttribute('href', '/searchHome');
  });

  it('says when nothing matches the filters', async () => {
    answerSignUps(() => ok(pageOf([])));
    renderApp('/personal/classBooking?status=interviewPending');
    expect(await screen.findByText('没有符合条件的报名记录')).toBeInTheDocument();
  });

  it('explains a failure and loads again on request', async () => {
    let calls = 0;
    answerSignUps(() => (++calls === 1 ? fail(500, 500000, '服务器开小差了，请稍后再试') : ok(pageOf([lottery]))));
    renderApp('/personal/classBooking');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('报名记录加载失败');
    await userEvent.click(within(alert).getByRole('button', { name: '重新加载' }));
    expect(await screen.findByRole('article', { name: '少儿篮球训练营（寒假）' })).toBeInTheDocument();
  });
});
