import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { http, server } from '../../test/api-server.ts';
import { failOnce, reloadAfterFailure } from '../../test/failures.ts';
import { familyWorld } from '../../test/family-world.ts';
import { renderRoute } from '../../test/render-route.tsx';

/*
 * Twelve questions in the faqs table, in this order: three of 报名, two of 缴费, two of 退费 (the
 * first, 退费怎样计算？, answered in rich text), 发票, 接送, 账号 and two of 其他. Page 1 holds ten.
 */
const categories = ['报名', '报名', '报名', '缴费', '缴费', '退费', '退费', '发票', '接送', '账号', '其他', '其他'];
const world = familyWorld((b) => {
  b.add(
    'faqs',
    ...categories.map((category, i) => ({
      id: i + 1,
      category,
      question: i === 5 ? '退费怎样计算？' : `${category}问题${i + 1}？`,
      answer: i === 5 ? '<p>开课前申请：<strong>全额退还</strong>。</p>' : `<p>${category}的回答${i + 1}。</p>`,
      sort: i + 1,
    })),
  );
});

/** The searches the page asked for (in front of the mock, which answers). */
let requests: { keyword: string | null; page: string | null }[] = [];
beforeEach(() => {
  requests = [];
  server.use(
    http.get('*/parents_questions_and_answers', ({ request }) => {
      const params = new URL(request.url).searchParams;
      requests.push({ keyword: params.get('keyword'), page: params.get('page') });
    }),
  );
});

/** The list, once its questions are in. */
async function list() {
  const region = await screen.findByRole('region', { name: '问答列表' });
  await within(region).findAllByRole('button', { name: /？$/ });
  return region;
}

describe('/patriarchFAQ 家长问答', () => {
  it('groups the questions by category, answers folded until asked', async () => {
    await renderRoute('/patriarchFAQ', { world });
    const region = await list();
    // Page 1: the first ten, in the order their categories first appear.
    expect(
      within(region)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['报名', '缴费', '退费', '发票', '接送', '账号']);
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

  it('while the questions load, says so in the shape of a page of questions, then lists them', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(http.get('*/parents_questions_and_answers', () => held, { once: true }));
    await renderRoute('/patriarchFAQ', { world });
    const region = await screen.findByRole('region', { name: '问答列表' });
    const loading = within(region).getByRole('status', { name: '正在加载问答…' });
    expect(loading).toHaveAttribute('aria-busy', 'true');
    await act(async () => release());
    expect(await within(region).findByRole('button', { name: '报名问题1？' })).toBeInTheDocument();
    expect(loading).not.toBeInTheDocument();
  });

  it('opens an answer from the keyboard', async () => {
    await renderRoute('/patriarchFAQ', { world });
    const question = within(await list()).getByRole('button', { name: '报名问题1？' });
    question.focus();
    await userEvent.keyboard('{Enter}');
    expect(question).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard(' ');
    expect(question).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens and folds every answer of the page at once', async () => {
    await renderRoute('/patriarchFAQ', { world });
    const region = await list();
    await userEvent.click(screen.getByRole('button', { name: '全部展开' }));
    expect(within(region).getAllByRole('button', { expanded: true })).toHaveLength(10);
    await userEvent.click(screen.getByRole('button', { name: '全部收起' }));
    expect(within(region).queryAllByRole('button', { expanded: true })).toHaveLength(0);
  });

  it('searches as the parent types, once they pause, and keeps the keyword in the address', async () => {
    const app = await renderRoute('/patriarchFAQ', { world });
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
    await renderRoute(`/patriarchFAQ?keyword=${encodeURIComponent('计算')}`, { world });
    const region = await list();
    const question = await within(region).findByRole('button', { name: '退费怎样计算？' });
    expect(within(question).getByText('计算').tagName).toBe('MARK');
  });

  it('searches for a keyword in the address, shown in the box', async () => {
    await renderRoute(`/patriarchFAQ?keyword=${encodeURIComponent('发票')}`, { world });
    expect(await screen.findByRole('searchbox', { name: '搜索问题' })).toHaveValue('发票');
    const region = await list();
    expect(await within(region).findByRole('button', { name: '发票问题8？' })).toBeInTheDocument();
    expect(requests).toEqual([{ keyword: '发票', page: '1' }]);
  });

  it('says when nothing matches, and offers to clear the search', async () => {
    const app = await renderRoute(`/patriarchFAQ?keyword=${encodeURIComponent('游泳')}`, { world });
    expect(await screen.findByText('没有找到与“游泳”相关的问题')).toBeInTheDocument();
    // A link (decision 090): it works before the scripts have run, as plain HTML.
    await userEvent.click(screen.getByRole('link', { name: '清除搜索' }));
    await waitFor(() => expect(app.location()).toBe('/patriarchFAQ'));
    await waitFor(() => expect(screen.getByRole('searchbox', { name: '搜索问题' })).toHaveValue(''));
    expect(await within(await list()).findByRole('button', { name: '报名问题1？' })).toBeInTheDocument();
  });

  it('pages through the questions, the page in the address', async () => {
    const app = await renderRoute('/patriarchFAQ', { world });
    const region = await list();
    expect(within(region).getAllByRole('button', { name: /？$/ })).toHaveLength(10);
    await userEvent.click(within(screen.getByRole('navigation', { name: '分页' })).getByRole('link', { name: '2' }));
    await waitFor(() => expect(app.location()).toBe('/patriarchFAQ?page=2'));
    expect(await within(region).findByRole('button', { name: '其他问题12？' })).toBeInTheDocument();
    expect(within(region).getAllByRole('button', { name: /？$/ })).toHaveLength(2);
    expect(requests.at(-1)).toEqual({ keyword: null, page: '2' });
  });

  it('starts again from page 1 when the keyword changes', async () => {
    const app = await renderRoute('/patriarchFAQ?page=2', { world });
    await within(await list()).findByRole('button', { name: '其他问题12？' });
    await userEvent.type(screen.getByRole('searchbox', { name: '搜索问题' }), '报名');
    await waitFor(() => expect(app.location()).toBe(`/patriarchFAQ?keyword=${encodeURIComponent('报名')}`));
  });

  it('follows the address when the parent goes back to the plain page', async () => {
    const app = await renderRoute(`/patriarchFAQ?keyword=${encodeURIComponent('发票')}`, { world });
    await within(await list()).findByRole('button', { name: '发票问题8？' });
    await act(() => app.router.navigate('/patriarchFAQ'));
    expect(screen.getByRole('searchbox', { name: '搜索问题' })).toHaveValue('');
    expect(await within(await list()).findByRole('button', { name: '报名问题1？' })).toBeInTheDocument();
  });

  it('explains a failure and loads again on request', async () => {
    failOnce('*/parents_questions_and_answers', 500000, '服务繁忙');
    await renderRoute('/patriarchFAQ', { world });
    await reloadAfterFailure('问答加载失败');
    expect(await within(await list()).findByRole('button', { name: '报名问题1？' })).toBeInTheDocument();
  });
});
