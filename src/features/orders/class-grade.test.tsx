import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearSession, signIn } from '../../stores/session-store.ts';
import { fail, http, ok, server } from '../../test/api-server.ts';
import { chromeHandlers, chromeUrl } from '../../test/chrome-data.ts';
import { renderApp } from '../../test/render-app.tsx';
import { sampleCard } from '../classes/test-samples.ts';
import { pageOf, sampleMyClass } from './test-samples.ts';

// See my-order.test.tsx: the first render loads the route's chunk and the chrome.
configure({ asyncUtilTimeout: 4000 });
beforeAll(() => import('../../pages/personal/class-grade.tsx'), 20_000);

let asked: URLSearchParams[] = [];
function answerClasses(answer: (query: URLSearchParams) => ReturnType<typeof ok>) {
  server.use(
    http.get(chromeUrl('my_class'), ({ request }) => {
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
afterEach(() => clearSession());

const finishedClass = sampleMyClass({
  order_id: 12,
  class: sampleCard({ id: 9, name: '暑期书法营', session_count: 10 }),
  contact_name: '张小红',
  held_sessions: 10,
  next_session_at: null,
});

describe('/personal/classGrade 我的课程', () => {
  it('shows each class with the child, progress, next session and links to the order and the class', async () => {
    answerClasses(() => ok(pageOf([sampleMyClass()])));
    renderApp('/personal/classGrade');
    const c = await screen.findByRole('article', { name: '少儿国画启蒙班' });
    expect(within(c).getByText('张小明')).toBeInTheDocument();
    const progress = within(c).getByRole('progressbar', { name: '上课进度' });
    expect(progress).toHaveAttribute('aria-valuenow', '12');
    expect(progress).toHaveAttribute('aria-valuemax', '16');
    expect(c).toHaveTextContent('已上 12 / 16 次');
    expect(c).toHaveTextContent('周日 14:00-15:30');
    expect(c).toHaveTextContent('下次上课12月6日 14:00 · 美术楼201');
    expect(within(c).getByRole('link', { name: '查看订单' })).toHaveAttribute('href', '/personal/orderDetails?id=11');
    expect(within(c).getByRole('link', { name: '课程详情' })).toHaveAttribute('href', '/details?id=3');
    expect(within(c).getByRole('link', { name: '少儿国画启蒙班' })).toHaveAttribute('href', '/details?id=3');
    expect(asked[0]!.get('finished')).toBe('false');
    expect(asked[0]!.get('contact_id')).toBeNull();
  });

  it('已结课 asks for finished classes and keeps it in the address', async () => {
    answerClasses((q) => ok(pageOf(q.get('finished') === 'true' ? [finishedClass] : [sampleMyClass()])));
    const app = renderApp('/personal/classGrade');
    await screen.findByRole('article', { name: '少儿国画启蒙班' });
    const tabs = screen.getByRole('navigation', { name: '课程状态' });
    expect(within(tabs).getByRole('link', { name: '进行中' })).toHaveAttribute('aria-current', 'true');
    await userEvent.click(within(tabs).getByRole('link', { name: '已结课' }));
    const c = await screen.findByRole('article', { name: '暑期书法营' });
    expect(app.location()).toBe('/personal/classGrade?status=finished');
    expect(asked.at(-1)!.get('finished')).toBe('true');
    expect(c).toHaveTextContent('已上 10 / 10 次');
    expect(c).toHaveTextContent('下次上课已结课');
  });

  it('the child filter reaches the query and the address', async () => {
    answerClasses(() => ok(pageOf([sampleMyClass()])));
    const app = renderApp('/personal/classGrade?status=finished');
    await screen.findByRole('article', { name: '少儿国画启蒙班' });
    const child = screen.getByRole('combobox', { name: '孩子' });
    await waitFor(() => expect(within(child).getAllByRole('option')).toHaveLength(3));
    await userEvent.selectOptions(child, '张小明');
    await waitFor(() => expect(app.location()).toBe('/personal/classGrade?status=finished&child=5'));
    await waitFor(() => expect(asked.at(-1)!.get('contact_id')).toBe('5'));
    expect(asked.at(-1)!.get('finished')).toBe('true');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: '孩子' }), '全部孩子');
    await waitFor(() => expect(app.location()).toBe('/personal/classGrade?status=finished'));
  });

  it('says when a child has no classes yet, with a way to browse classes', async () => {
    answerClasses(() => ok(pageOf([])));
    renderApp('/personal/classGrade');
    expect(await screen.findByText('还没有进行中的课程')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去选课程' })).toHaveAttribute('href', '/searchHome');
  });

  it('explains a failure and loads again on request', async () => {
    let calls = 0;
    answerClasses(() => (++calls === 1 ? fail(500, 500000, '服务器开小差了，请稍后再试') : ok(pageOf([sampleMyClass()]))));
    renderApp('/personal/classGrade');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('课程加载失败');
    await userEvent.click(within(alert).getByRole('button', { name: '重新加载' }));
    expect(await screen.findByRole('article', { name: '少儿国画启蒙班' })).toBeInTheDocument();
  });
});
