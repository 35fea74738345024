import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../lib/browser.ts';
import { http, server, holdCalls } from '../../test/api-server.ts';
import { familyWorld } from '../../test/family-world.ts';
import { imageFile } from '../../test/images.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { DRAFT_KEY } from './feedback-draft.ts';

/** The problem types the center offers (the choices table's kind 'problem'). */
const world = familyWorld((b) => {
  b.add('choices', { kind: 'problem', value: 1, label: '报名问题', sort: 1 }, { kind: 'problem', value: 2, label: '缴费问题', sort: 2 }, { kind: 'problem', value: 7, label: '其他', sort: 3 });
});

/**
 * The bodies of opinion_feedback, recorded in front of the mock, which answers; while `gate` is
 * set the call waits for it first.
 */
let sent: unknown[] = [];
let gate: Promise<void> | null = null;
let assign: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  sent = [];
  gate = null;
  server.use(
    http.post('*/opinion_feedback', async ({ request }) => {
      sent.push(await request.clone().json());
      if (gate) await gate;
    }),
  );
  assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
});

const content = () => screen.getByRole('textbox', { name: /问题描述/ });
const submit = () => screen.getByRole('button', { name: '提交反馈' });
const typeRadio = (name: string) => screen.getByRole('radio', { name });
const image = (name: string) => imageFile(name, 16);
const CONTENT = '缴费页面的二维码一直加载不出来，请帮忙看看。';
/** Long text goes in as a paste: typing it key by key only makes the test slow. */
async function fill(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

async function open(as?: string) {
  const app = await renderRoute('/feedback', { world, as });
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
    await waitFor(() => expect(content()).toHaveAccessibleDescription('最多500字'));
    expect(sent).toEqual([]);
  });

  it('clears a field’s message once it is put right', async () => {
    await open();
    await userEvent.click(submit());
    expect(await screen.findByText('请选择问题类型')).toBeInTheDocument();
    await userEvent.click(typeRadio('缴费问题'));
    await waitFor(() => expect(screen.queryByText('请选择问题类型')).toBeNull());
  });

  it('sends the feedback, the button disabled meanwhile, then thanks the parent and forgets the draft', async () => {
    let release!: () => void;
    // Holds the call, then lets it go on to the mock, which stores the feedback.
    gate = new Promise<void>((resolve) => (release = resolve));
    const { mock } = await open();
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
    expect(mock.db.feedback.all()).toEqual([
      expect.objectContaining({ parent_id: null, problem_type: 2, content: CONTENT, contact_name: null, contact_phone: '13800001111', contact_mailbox: null, images: [] }),
    ]);
    expect(sessionStorage.getItem(DRAFT_KEY)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '再写一条' }));
    expect(content()).toHaveValue('');
    expect(typeRadio('缴费问题')).not.toBeChecked();
  });

  it('keeps everything typed after a refusal, and puts a field’s refusal beside that field', async () => {
    const app = await open();
    await userEvent.click(typeRadio('其他'));
    // Meanwhile the center withdrew 其他: the mock refuses the type, naming the field.
    app.mock.db.choices.delete((q) => q.where({ kind: 'problem', value: 7 }));
    await fill(content(), CONTENT);
    await userEvent.type(screen.getByRole('textbox', { name: '邮箱' }), 'mama@example.org');
    await userEvent.click(submit());

    expect(await screen.findByText('问题类型不存在，请重新选择')).toBeInTheDocument();
    expect(typeRadio('其他')).toBeChecked();
    expect(content()).toHaveValue(CONTENT);
    expect(screen.getByRole('textbox', { name: '邮箱' })).toHaveValue('mama@example.org');
    expect(submit()).toBeEnabled();
    expect(app.ports.toastError).not.toHaveBeenCalled();
    expect(app.mock.db.feedback.count()).toBe(0);
  });

  it('shows a refusal that names no field above the button', async () => {
    const { mock } = await open();
    mock.faults.add([{ operation: 'opinion_feedback', status: 200, error_code: 300999, msg: '提交过于频繁，请稍后再试', times: 1 }]);
    await userEvent.click(typeRadio('报名问题'));
    await fill(content(), CONTENT);
    await userEvent.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('提交过于频繁，请稍后再试');
    expect(content()).toHaveValue(CONTENT);
    expect(mock.db.feedback.count()).toBe(0);
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
    await userEvent.click(within(images).getByRole('link', { name: '登录' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(expect.stringContaining('/__mock/account/login')));
  });

  it('signed in: fills in the parent’s name but not the masked phone', async () => {
    await open('zhangwei');
    await waitFor(() => expect(screen.getByRole('textbox', { name: '称呼' })).toHaveValue('张伟'));
    expect(screen.getByRole('textbox', { name: '手机号' })).toHaveValue('');
  });

  it('signed in: a name in the draft is not overwritten', async () => {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ contact_name: '王女士' }));
    await open('zhangwei');
    await screen.findByRole('button', { name: /张伟/ });
    expect(screen.getByRole('textbox', { name: '称呼' })).toHaveValue('王女士');
  });

  it('signed in: uploads each image, shows it, lets the parent remove one, and sends the rest', async () => {
    const { mock } = await open('zhangwei');
    await userEvent.upload(screen.getByLabelText('选择图片'), [image('a.png'), image('b.png')]);
    const images = screen.getByRole('group', { name: '图片' });
    await waitFor(() => expect(within(images).getAllByRole('img')).toHaveLength(2));
    expect(mock.db.uploads.all().map((u) => [u.parent_id, u.url, u.content_type])).toEqual([
      [1, 'upload/1.png', 'image/png'],
      [1, 'upload/2.png', 'image/png'],
    ]);
    expect(
      within(images)
        .getAllByRole('img')
        .map((i) => i.getAttribute('src'))
        .sort(),
    ).toEqual(['/mock-oss/upload/1.png', '/mock-oss/upload/2.png']);

    await userEvent.click(within(images).getByRole('button', { name: '删除第1张图片' }));
    expect(within(images).getAllByRole('img')).toHaveLength(1);
    const kept = within(images).getByRole('img').getAttribute('src')!.replace('/mock-oss/', '');

    await userEvent.click(typeRadio('报名问题'));
    await fill(content(), CONTENT);
    await userEvent.click(submit());
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ problem_type: 1, content: CONTENT, images: [kept] });
    expect(await screen.findByRole('heading', { name: '感谢您的反馈' })).toBeInTheDocument();
    expect(mock.db.feedback.all()).toEqual([expect.objectContaining({ parent_id: 1, problem_type: 1, contact_name: '张伟', images: [kept] })]);
  });

  it('signed in: takes at most 3 images, and says so', async () => {
    const { mock } = await open('zhangwei');
    await userEvent.upload(screen.getByLabelText('选择图片'), [image('a.png'), image('b.png'), image('c.png'), image('d.png')]);
    const images = screen.getByRole('group', { name: '图片' });
    await waitFor(() => expect(within(images).getAllByRole('img')).toHaveLength(3));
    expect(within(images).getByText('最多上传3张图片')).toBeInTheDocument();
    expect(mock.db.uploads.count()).toBe(3);
    expect(screen.queryByLabelText('选择图片')).toBeNull();
  });

  it('signed in: a refused image is explained beside the images, the others kept', async () => {
    const app = await open('zhangwei');
    // Over the 5 MB the mock takes.
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText('选择图片'), [image('ok.png'), big]);
    const images = screen.getByRole('group', { name: '图片' });
    expect(await within(images).findByText('big.png：图片不能超过5MB')).toBeInTheDocument();
    await waitFor(() => expect(within(images).getAllByRole('img')).toHaveLength(1));
    expect(app.mock.db.uploads.all().map((u) => u.url)).toEqual(['upload/1.png']);
    expect(app.ports.toastError).not.toHaveBeenCalled();
  });

  it('signed in: the button waits while an image is uploading', async () => {
    const release = holdCalls('post', '*/upload');
    await open('zhangwei');
    await userEvent.click(typeRadio('报名问题'));
    await fill(content(), CONTENT);
    await userEvent.upload(screen.getByLabelText('选择图片'), image('a.png'));
    expect(await screen.findByText('上传中…')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    release();
    await waitFor(() => expect(submit()).toBeEnabled());
    expect(within(screen.getByRole('group', { name: '图片' })).getByRole('img')).toHaveAttribute('src', '/mock-oss/upload/1.png');
  });
});
