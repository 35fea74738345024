import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../lib/browser.ts';
import { clearSession, signIn } from '../../stores/session-store.ts';
import { resetToastStore } from '../../stores/toast-store.ts';
import { fail, http, ok, server } from '../../test/api-server.ts';
import { chromeHandlers, chromeUrl } from '../../test/chrome-data.ts';
import { renderApp } from '../../test/render-app.tsx';
import { DRAFT_KEY } from './feedback-draft.ts';

// Each page loads lazily and answers through msw; on a busy machine that takes more than the
// default second, and that is not what these tests are about.
configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

const problemTypes = [
  { value: 1, label: '报名问题' },
  { value: 2, label: '缴费问题' },
  { value: 7, label: '其他' },
];

let sent: unknown[] = [];
// jsdom's File does not survive into the Node fetch that msw sees, so the handler counts uploads
// rather than reading their bytes (a browser sends them whole: see the e2e journeys).
let uploads = 0;
let assign: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  sent = [];
  uploads = 0;
  server.use(
    ...chromeHandlers(),
    http.get(chromeUrl('feedback_get_problem_type'), () => ok({ list: problemTypes })),
    http.post(chromeUrl('opinion_feedback'), async ({ request }) => {
      sent.push(await request.json());
      return ok(null, '提交成功');
    }),
    http.post(chromeUrl('upload'), () => ok({ url: `upload/${++uploads}.png` })),
  );
  assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
});
afterEach(() => {
  clearSession();
  sessionStorage.clear();
  resetToastStore();
  vi.restoreAllMocks();
});

const signedIn = () => signIn({ clientId: 'c-1', accessToken: 't-1', userId: 42 });
const content = () => screen.getByRole('textbox', { name: /问题描述/ });
const submit = () => screen.getByRole('button', { name: '提交反馈' });
const typeRadio = (name: string) => screen.getByRole('radio', { name });
const image = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
const CONTENT = '缴费页面的二维码一直加载不出来，请帮忙看看。';
/** Long text goes in as a paste: typing it key by key only makes the test slow. */
async function fill(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

async function open() {
  const app = renderApp('/feedback');
  await screen.findByRole('radio', { name: '报名问题' });
  return app;
}

describe('/feedback 意见反馈, the form', () => {
  it('offers the problem types as a choice and counts the characters as the parent types', async () => {
    await open();
    expect(screen.getAllByRole('radio').map((r) => r.closest('label')!.textContent)).toEqual(['报名问题', '缴费问题', '其他']);
    expect(screen.getByText('0/500')).toBeInTheDocument();
    await userEvent.type(content(), '页面打不开');
    expect(screen.getByText('5/500')).toBeInTheDocument();
    expect(screen.getByText('还需至少5个字')).toBeInTheDocument();
  });

  it('explains each rule beside its field, in the contract’s own words, before sending anything', async () => {
    await open();
    await userEvent.type(content(), '太短了');
    await fill(screen.getByRole('textbox', { name: '称呼' }), '一二三四五六七八九十一二三四五六七八九十多');
    await fill(screen.getByRole('textbox', { name: '手机号' }), '12345');
    await fill(screen.getByRole('textbox', { name: '邮箱' }), 'a@b');
    await userEvent.click(submit());

    expect(await screen.findByText('请选择问题类型')).toBeInTheDocument();
    expect(content()).toHaveAccessibleDescription('请至少填写10个字，方便我们了解问题');
    expect(screen.getByRole('textbox', { name: '称呼' })).toHaveAccessibleDescription('称呼最多20个字');
    expect(screen.getByRole('textbox', { name: '手机号' })).toHaveAccessibleDescription('请输入正确的11位手机号');
    expect(screen.getByRole('textbox', { name: '邮箱' })).toHaveAccessibleDescription('请输入正确的邮箱地址');
    expect(typeRadio('报名问题')).toHaveFocus();
    expect(sent).toEqual([]);
  });

  it('says when the description is too long', async () => {
    await open();
    await userEvent.click(typeRadio('其他'));
    await userEvent.click(content());
    await userEvent.paste('好'.repeat(501));
    expect(screen.getByText('501/500')).toBeInTheDocument();
    await userEvent.click(submit());
    expect(content()).toHaveAccessibleDescription('最多500字');
    expect(sent).toEqual([]);
  });

  it('clears a field’s message once it is put right', async () => {
    await open();
    await userEvent.click(submit());
    expect(await screen.findByText('请选择问题类型')).toBeInTheDocument();
    await userEvent.click(typeRadio('缴费问题'));
    expect(screen.queryByText('请选择问题类型')).toBeNull();
  });

  it('sends the feedback, the button disabled meanwhile, then thanks the parent and forgets the draft', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post(chromeUrl('opinion_feedback'), async ({ request }) => {
        sent.push(await request.json());
        await held;
        return ok(null, '提交成功');
      }),
    );
    await open();
    await userEvent.click(typeRadio('缴费问题'));
    await fill(content(), CONTENT);
    await userEvent.type(screen.getByRole('textbox', { name: '手机号' }), '13800001111');
    expect(sessionStorage.getItem(DRAFT_KEY)).toContain('二维码');
    await userEvent.click(submit());

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(submit()).toBeDisabled();
    expect(sent[0]).toEqual({ problem_type: 2, content: CONTENT, contact_phone: '13800001111' });
    release();

    expect(await screen.findByRole('heading', { name: '感谢您的反馈' })).toBeInTheDocument();
    expect(sessionStorage.getItem(DRAFT_KEY)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '再写一条' }));
    expect(content()).toHaveValue('');
    expect(typeRadio('缴费问题')).not.toBeChecked();
  });

  it('keeps everything typed after a refusal, and puts a field’s refusal beside that field', async () => {
    server.use(http.post(chromeUrl('opinion_feedback'), () => fail(400, 400001, 'problem_type：问题类型不存在，请重新选择')));
    const app = await open();
    await userEvent.click(typeRadio('其他'));
    await fill(content(), CONTENT);
    await userEvent.type(screen.getByRole('textbox', { name: '邮箱' }), 'mama@example.org');
    await userEvent.click(submit());

    expect(await screen.findByText('问题类型不存在，请重新选择')).toBeInTheDocument();
    expect(typeRadio('其他')).toBeChecked();
    expect(content()).toHaveValue(CONTENT);
    expect(screen.getByRole('textbox', { name: '邮箱' })).toHaveValue('mama@example.org');
    expect(submit()).toBeEnabled();
    expect(app.ports.toastError).not.toHaveBeenCalled();
  });

  it('shows a refusal that names no field above the button', async () => {
    server.use(http.post(chromeUrl('opinion_feedback'), () => fail(200, 300999, '提交过于频繁，请稍后再试')));
    await open();
    await userEvent.click(typeRadio('报名问题'));
    await fill(content(), CONTENT);
    await userEvent.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('提交过于频繁，请稍后再试');
    expect(content()).toHaveValue(CONTENT);
  });

  it('keeps the draft through a reload, until it is sent', async () => {
    const first = await open();
    await userEvent.click(typeRadio('缴费问题'));
    await fill(content(), CONTENT);
    await userEvent.type(screen.getByRole('textbox', { name: '称呼' }), '王女士');
    first.unmount();

    await open();
    expect(content()).toHaveValue(CONTENT);
    expect(typeRadio('缴费问题')).toBeChecked();
    expect(screen.getByRole('textbox', { name: '称呼' })).toHaveValue('王女士');
  });

  it('ignores a damaged draft', async () => {
    sessionStorage.setItem(DRAFT_KEY, '{not json');
    await open();
    expect(content()).toHaveValue('');
  });
});

describe('/feedback images', () => {
  it('signed out: says images need sign-in, and offers it', async () => {
    await open();
    const images = screen.getByRole('group', { name: '图片' });
    expect(within(images).getByText(/登录后可上传图片/)).toBeInTheDocument();
    expect(screen.queryByLabelText('选择图片')).toBeNull();
    await userEvent.click(within(images).getByRole('button', { name: '登录' }));
    expect(assign).toHaveBeenCalledWith(expect.stringContaining('/__mock/account/login'));
  });

  it('signed in: fills in the parent’s name but not the masked phone', async () => {
    signedIn();
    await open();
    await waitFor(() => expect(screen.getByRole('textbox', { name: '称呼' })).toHaveValue('张伟'));
    expect(screen.getByRole('textbox', { name: '手机号' })).toHaveValue('');
  });

  it('signed in: a name in the draft is not overwritten', async () => {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ contact_name: '王女士' }));
    signedIn();
    await open();
    await screen.findByRole('button', { name: /张伟/ });
    expect(screen.getByRole('textbox', { name: '称呼' })).toHaveValue('王女士');
  });

  it('signed in: uploads each image, shows it, lets the parent remove one, and sends the rest', async () => {
    signedIn();
    await open();
    await userEvent.upload(screen.getByLabelText('选择图片'), [image('a.png'), image('b.png')]);
    const images = screen.getByRole('group', { name: '图片' });
    await waitFor(() => expect(within(images).getAllByRole('img')).toHaveLength(2));
    expect(uploads).toBe(2);
    expect(within(images).getAllByRole('img').map((i) => i.getAttribute('src')).sort()).toEqual(['/mock-oss/upload/1.png', '/mock-oss/upload/2.png']);

    await userEvent.click(within(images).getByRole('button', { name: '删除第1张图片' }));
    expect(within(images).getAllByRole('img')).toHaveLength(1);
    const kept = within(images).getByRole('img').getAttribute('src')!.replace('/mock-oss/', '');

    await userEvent.click(typeRadio('报名问题'));
    await fill(content(), CONTENT);
    await userEvent.click(submit());
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ problem_type: 1, content: CONTENT, images: [kept] });
  });

  it('signed in: takes at most 3 images, and says so', async () => {
    signedIn();
    await open();
    await userEvent.upload(screen.getByLabelText('选择图片'), [image('a.png'), image('b.png'), image('c.png'), image('d.png')]);
    const images = screen.getByRole('group', { name: '图片' });
    await waitFor(() => expect(within(images).getAllByRole('img')).toHaveLength(3));
    expect(within(images).getByText('最多上传3张图片')).toBeInTheDocument();
    expect(uploads).toBe(3);
    expect(screen.queryByLabelText('选择图片')).toBeNull();
  });

  it('signed in: a refused image is explained beside the images, the others kept', async () => {
    // The second file chosen is refused.
    server.use(http.post(chromeUrl('upload'), () => (++uploads === 2 ? fail(400, 400001, '图片不能超过5MB') : ok({ url: `upload/${uploads}.png` }))));
    signedIn();
    const app = await open();
    await userEvent.upload(screen.getByLabelText('选择图片'), [image('ok.png'), image('big.png')]);
    const images = screen.getByRole('group', { name: '图片' });
    expect(await within(images).findByText('big.png：图片不能超过5MB')).toBeInTheDocument();
    await waitFor(() => expect(within(images).getAllByRole('img')).toHaveLength(1));
    expect(app.ports.toastError).not.toHaveBeenCalled();
  });

  it('signed in: the button waits while an image is uploading', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(http.post(chromeUrl('upload'), async () => (await held, ok({ url: 'upload/1.png' }))));
    signedIn();
    await open();
    await userEvent.click(typeRadio('报名问题'));
    await fill(content(), CONTENT);
    await userEvent.upload(screen.getByLabelText('选择图片'), image('a.png'));
    expect(await screen.findByText('上传中…')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    release();
    await waitFor(() => expect(submit()).toBeEnabled());
  });
});
