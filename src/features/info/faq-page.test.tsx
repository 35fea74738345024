import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToastStore } from '../../stores/toast-store.ts';
import { fail, http, ok, server } from '../../test/api-server.ts';
import { chromeHandlers, chromeUrl } from '../../test/chrome-data.ts';
import { renderApp } from '../../test/render-app.tsx';

// Each page loads lazily and answers through msw; on a busy machine that takes more than the
// default second, and that is not what these tests are about.
configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

const categories = ['报名', '报名', '报名', '缴费', '缴费', '退费', '退费', '发票', '接送', '账号', '其他', '其他'];
const faqs = categories.map((category, i) => ({
  id: i + 1,
  category,
  question: i === 5 ? '退费怎样计算？' : `${category}问题${i + 1}？`,
  answer: i === 5 ? '<p>开课前申请：<strong>全额退还</strong>。</p>' : `<p>${category}的回答${i + 1}。</p>`,
}));

let requests: { keyword: string | null; page: string | null }[] = [];
beforeEach(() => {
  requests = [];
  server.use(
    ...chromeHandlers(),
    http.get(chromeUrl('parents_questions_and_answers'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      const keyword = params.get('keyword');
      const page = Number(params.get('page') ?? 1);
      const pageSize = Number(params.get('page_size') ?? 10);
      requests.push({ keyword, page: params.get('page') });
      const hits = faqs.filter((f) => !keyword || f.question.includes(keyword) || f.answer.includes(keyword));
      return ok({ list: hits.slice((page - 1) * pageSize, page * pageSize), total: hits.length, page, page_size: pageSize });
    }),
  );
});
afterEach(() => resetToastStore());

/** The list, once its questions are in. */
async function list() {
  const region = await screen.findByRole('region', { name: '问答列表' });
  await within(region).findAllByRole('button', { name: /？$/ });
  return region;
}

describe('/patriarchFAQ 家长问答', () => {
  it('groups the questions by category, answers folded until asked', async () => {
    renderApp('/patriarchFAQ');
    const region = await list();
    // Page 1: the first ten, in the order their categories first appear.
    expect(within(region).getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['报名', '缴费', '退费', '发票', '接送', '账号']);
    const question = within(region).getByRole('button', { name: '退费怎样计算？' });
    expect(question).toHaveAttribute('aria-expanded', 'false');
    expect(within(region).queryByText('全额退还')).toBeNull();

    await userEvent.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'true');
    const answer = document.getElementById(question.getAttribute('aria-controls')!)!;
    expect(within(answer).getByText('全额退还').tagName).toBe('STRONG');

    await userEvent.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'false');
    expect(within(region).queryByText('全额退还')).toBeNull();
  });

  it('opens an answer from the keyboard', async () => {
    renderApp('/patriarchFAQ');
    const question = within(await list()).getByRole('button', { name: '报名问题1？' });
    question.focus();
    await userEvent.keyboard('{Enter}');
    expect(question).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard(' ');
    expect(question).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens and folds every answer of the page at once', async () => {
    renderApp('/patriarchFAQ');
    const region = await list();
    await userEvent.click(screen.getByRole('button', { name: '全部展开' }));
    expect(within(region).getAllByRole('button', { expanded: true })).toHaveLength(10);
    await userEvent.click(screen.getByRole('button', { name: '全部收起' }));
    expect(within(region).queryAllByRole('button', { expanded: true })).toHaveLength(0);
  });

  it('searches as the parent types, once they pause, and keeps the keyword in the address', async () => {
    const app = renderApp('/patriarchFAQ');
    await list();
    // A key every 50 ms, as a parent types: well inside the pause that starts a search.
    await userEvent.setup({ delay: 50 }).type(screen.getByRole('searchbox', { name: '搜索问题' }), '退费');
    await waitFor(() => expect(app.location()).toBe(`/patriarchFAQ?keyword=${encodeURIComponent('退费')}`));
    const region = await list();
    await waitFor(() => expect(within(region).getAllByRole('button', { name: /？$/ })).toHaveLength(2));
    // Typed quickly, so asked once for the whole word, never for '退'.
    expect(requests.map((r) => r.keyword)).toEqual([null, '退费']);
    expect(within(region).getByText('共 2 条')).toBeInTheDocument();
  });

  it('marks the keyword in the questions', async () => {
    renderApp(`/patriarchFAQ?keyword=${encodeURIComponent('计算')}`);
    const region = await list();
    const question = await within(region).findByRole('button', { name: '退费怎样计算？' });
    expect(within(question).getByText('计算').tagName).toBe('MARK');
  });

  it('searches for a keyword in the address, shown in the box', async () => {
    renderApp(`/patriarchFAQ?keyword=${encodeURIComponent('发票')}`);
    expect(await screen.findByRole('searchbox', { name: '搜索问题' })).toHaveValue('发票');
    const region = await list();
    expect(await within(region).findByRole('button', { name: '发票问题8？' })).toBeInTheDocument();
    expect(requests).toEqual([{ keyword: '发票', page: '1' }]);
  });

  it('says when nothing matches, and offers to clear the search', async () => {
    const app = renderApp(`/patriarchFAQ?keyword=${encodeURIComponent('游泳')}`);
    expect(await screen.findByText('没有找到与“游泳”相关的问题')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '清除搜索' }));
    await waitFor(() => expect(app.location()).toBe('/patriarchFAQ'));
    expect(screen.getByRole('searchbox', { name: '搜索问题' })).toHaveValue('');
    expect(await within(await list()).findByRole('button', { name: '报名问题1？' })).toBeInTheDocument();
  });

  it('pages through the questions, the page in the address', async () => {
    const app = renderApp('/patriarchFAQ');
    const region = await list();
    expect(within(region).getAllByRole('button', { name: /？$/ })).toHaveLength(10);
    await userEvent.click(within(screen.getByRole('navigation', { name: '分页' })).getByRole('button', { name: '2' }));
    await waitFor(() => expect(app.location()).toBe('/patriarchFAQ?page=2'));
    expect(await within(region).findByRole('button', { name: '其他问题12？' })).toBeInTheDocument();
    expect(within(region).getAllByRole('button', { name: /？$/ })).toHaveLength(2);
    expect(requests.at(-1)).toEqual({ keyword: null, page: '2' });
  });

  it('starts again from page 1 when the keyword changes', async () => {
    const app = renderApp('/patriarchFAQ?page=2');
    await within(await list()).findByRole('button', { name: '其他问题12？' });
    await userEvent.type(screen.getByRole('searchbox', { name: '搜索问题' }), '报名');
    await waitFor(() => expect(app.location()).toBe(`/patriarchFAQ?keyword=${encodeURIComponent('报名')}`));
  });

  it('follows the address when the parent goes back to the plain page', async () => {
    const app = renderApp(`/patriarchFAQ?keyword=${encodeURIComponent('发票')}`);
    await within(await list()).findByRole('button', { name: '发票问题8？' });
    await act(() => app.router.navigate('/patriarchFAQ'));
    expect(screen.getByRole('searchbox', { name: '搜索问题' })).toHaveValue('');
    expect(await within(await list()).findByRole('button', { name: '报名问题1？' })).toBeInTheDocument();
  });

  it('explains a failure and loads again on request', async () => {
    let calls = 0;
    server.use(
      http.get(chromeUrl('parents_questions_and_answers'), () => {
        calls += 1;
        return calls === 1 ? fail(500, 500000, '服务繁忙') : ok({ list: faqs.slice(0, 1), total: 1, page: 1, page_size: 10 });
      }),
    );
    renderApp('/patriarchFAQ');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('问答加载失败');
    await userEvent.click(within(alert).getByRole('button', { name: '重新加载' }));
    expect(await within(await list()).findByRole('button', { name: '报名问题1？' })).toBeInTheDocument();
  });
});
