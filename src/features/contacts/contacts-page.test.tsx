import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ageOn, makeIdNumber } from '#contract/index';
import { clearChild } from '../../stores/child-store.ts';
import { clearSession, signIn } from '../../stores/session-store.ts';
import { resetToastStore, toastStore } from '../../stores/toast-store.ts';
import { fail, http, HttpResponse, ok, server } from '../../test/api-server.ts';
import { chromeHandlers, chromeUrl, type children } from '../../test/chrome-data.ts';
import { renderApp } from '../../test/render-app.tsx';
import { beijingToday } from '../account/id-reading.tsx';

// Each test renders the whole app through the real routes: slow on a busy machine, not stuck.
vi.setConfig({ testTimeout: 20_000 });

type Summary = (typeof children)[number];

const passed: Summary = { id: 5, name: '张小明', gender: 1, birth_date: '2019-03-08', age: 7, credential_type: 1, id_number: '110105********0013', audit_status: 2, avatar: null };
const reviewing: Summary = { id: 6, name: '张小红', gender: 2, birth_date: '2020-01-02', age: 6, credential_type: 2, id_number: 'E1****', audit_status: 1, avatar: null };
const rejected: Summary = { id: 7, name: '张小刚', gender: 1, birth_date: '2017-06-01', age: 9, credential_type: 1, id_number: '110105********0035', audit_status: 3, avatar: null };

const detailOf = (c: Summary) => ({
  ...c,
  grade_type: 5,
  school: '西城区实验小学',
  guardian_name: '张伟',
  guardian_relation: 1,
  guardian_phone: '138****0000',
  health_notes: '花生过敏',
  reject_reason: c.audit_status === 3 ? '上传的户口簿照片不清晰，请重新上传' : null,
  avatar: c.id === 5 ? 'upload/5.png' : null,
  created_at: '2026-11-01T10:00:00+08:00',
});

let kids: Summary[] = [];
let listCalls: { passed: string | null }[] = [];
let sent: { op: string; id?: string; body?: unknown }[] = [];

beforeEach(() => {
  kids = [passed, reviewing, rejected];
  listCalls = [];
  sent = [];
  // Ahead of the chrome's answers: the first matching handler answers.
  server.use(
    http.get(chromeUrl('contact_information'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      const only = params.get('passed');
      listCalls.push({ passed: only });
      const all = only === 'true' ? kids.filter((k) => k.audit_status === 2) : kids;
      const page = Number(params.get('page') ?? 1);
      const size = Number(params.get('page_size') ?? 10);
      return ok({ list: all.slice((page - 1) * size, page * size), total: all.length, page, page_size: size });
    }),
    http.get(chromeUrl('detail_contact_information/:id'), ({ params }) => {
      const kid = kids.find((k) => k.id === Number(params.id));
      return kid ? ok(detailOf(kid)) : fail(404, 404001, '内容不存在或已删除');
    }),
    http.get(chromeUrl('grade_type_enum_choose'), () => ok({ list: [{ value: 1, label: '托班' }, { value: 5, label: '一年级' }, { value: 6, label: '二年级' }] })),
    http.post(chromeUrl('add_contact_information'), async ({ request }) => {
      sent.push({ op: 'add', body: await request.json() });
      return ok({ id: 9 });
    }),
    http.put(chromeUrl('edit_contact_information/:id'), async ({ request, params }) => {
      sent.push({ op: 'edit', id: String(params.id), body: await request.json() });
      return ok(null);
    }),
    http.delete(chromeUrl('delete_contact_information/:id'), ({ params }) => {
      sent.push({ op: 'delete', id: String(params.id) });
      kids = kids.filter((k) => k.id !== Number(params.id));
      return ok(null);
    }),
    ...chromeHandlers(),
  );
  signIn({ clientId: 'c-1', accessToken: 't-1', userId: 42 });
});
afterEach(() => {
  clearSession();
  clearChild();
  resetToastStore();
  vi.restoreAllMocks();
});

const box = (name: string | RegExp) => screen.getByRole('textbox', { name });
const combo = (name: string | RegExp) => screen.getByRole('combobox', { name });
const button = (name: string | RegExp) => screen.getByRole('button', { name });
const card = (name: string) => screen.getByRole('listitem', { name });
const today = beijingToday();

async function openList() {
  const app = renderApp('/personal/contacts');
  // The first render of a file loads the lazy route: give it time.
  await screen.findByRole('list', { name: '孩子列表' }, { timeout: 5000 });
  return app;
}

async function openAddForm() {
  const app = renderApp('/personal/contacts?add=1');
  await screen.findByRole('form', { name: '添加孩子' }, { timeout: 5000 });
  return app;
}

describe('/personal/contacts, the list', () => {
  it('shows every child (not only the passed ones) with gender, age, masked credential and audit status', async () => {
    await openList();
    expect(listCalls.some((c) => c.passed === null)).toBe(true);
    expect(within(screen.getByRole('list', { name: '孩子列表' })).getAllByRole('listitem')).toHaveLength(3);

    const ming = card('张小明');
    expect(within(ming).getByText('已通过')).toBeInTheDocument();
    expect(within(ming).getByText('男 · 7岁 · 2019-03-08 出生')).toBeInTheDocument();
    expect(within(ming).getByText('身份证 110105********0013')).toBeInTheDocument();

    const hong = card('张小红');
    expect(within(hong).getByText('审核中')).toBeInTheDocument();
    expect(within(hong).getByText('护照 E1****')).toBeInTheDocument();
    expect(within(hong).getByText(/通过后即可报名/)).toBeInTheDocument();

    const gang = card('张小刚');
    expect(within(gang).getByText('未通过')).toBeInTheDocument();
    expect(await within(gang).findByText('未通过原因：上传的户口簿照片不清晰，请重新上传')).toBeInTheDocument();
    expect(within(gang).getByRole('button', { name: '修改并重新提交' })).toHaveAccessibleDescription('张小刚');
  });

  it('with no child, invites the parent to add the first one', async () => {
    kids = [];
    renderApp('/personal/contacts');
    expect(await screen.findByText('还没有添加孩子', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '添加孩子' })).toBeNull();
    await userEvent.click(button('添加第一个孩子'));
    expect(await screen.findByRole('form', { name: '添加孩子' }, { timeout: 3000 })).toBeInTheDocument();
  });

  it('pages through many children', async () => {
    kids = Array.from({ length: 12 }, (_, i) => ({ ...passed, id: 100 + i, name: `孩子${i + 1}` }));
    await openList();
    expect(within(screen.getByRole('list', { name: '孩子列表' })).getAllByRole('listitem')).toHaveLength(10);
    const pages = screen.getByRole('navigation', { name: '分页' });
    expect(within(pages).getByText('共 12 条')).toBeInTheDocument();
    await userEvent.click(within(pages).getByRole('button', { name: '2' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: '孩子列表' })).getAllByRole('listitem')).toHaveLength(2));
    expect(card('孩子12')).toBeInTheDocument();
  });

  it('one page of children needs no pager', async () => {
    await openList();
    expect(screen.queryByRole('navigation', { name: '分页' })).toBeNull();
  });

  it('says so when the list cannot be loaded, and retries', async () => {
    server.use(http.get(chromeUrl('contact_information'), () => HttpResponse.error()));
    renderApp('/personal/contacts');
    expect(await screen.findByText('加载失败', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(button('重新加载')).toBeEnabled();
  });
});

describe('/personal/contacts, adding a child', () => {
  it('reads an ID-card number as it is typed: birth date, age and gender, or the contract’s message', async () => {
    await openAddForm();
    const number = makeIdNumber('110105', '2019-03-08', 12); // sequence 012: even → 女
    const field = box('证件号码');
    await userEvent.type(field, number.slice(0, 10));
    expect(screen.getByText('身份证号码为18位，已输入10位')).toBeInTheDocument();
    expect(field).not.toHaveAttribute('aria-invalid');

    await userEvent.type(field, number.slice(10));
    const facts = screen.getByTestId('id-facts');
    expect(facts).toHaveTextContent('出生日期 2019-03-08');
    expect(facts).toHaveTextContent(`年龄 ${ageOn('2019-03-08', today)}岁`);
    expect(facts).toHaveTextContent('性别 女');
    // No birth date or gender to type for an ID card.
    expect(screen.queryByLabelText(/出生日期/)).toBeNull();
    expect(screen.queryByRole('radiogroup', { name: '性别' })).toBeNull();

    await userEvent.clear(field);
    await userEvent.type(field, `${number.slice(0, 17)}${number[17] === '0' ? '1' : '0'}`);
    expect(field).toHaveAccessibleDescription('身份证号码校验位不正确，请核对');

    await userEvent.clear(field);
    await userEvent.type(field, '110105201913080011');
    expect(field).toHaveAccessibleDescription('身份证号码中的出生日期无效');

    await userEvent.clear(field);
    await userEvent.type(field, '11010520190308001A');
    expect(field).toHaveAccessibleDescription('身份证号码应为15位数字或18位（末位可为X）');
  });

  it('explains every rule beside its field and sends nothing while the form is wrong', async () => {
    await openAddForm();
    await userEvent.click(button('添加'));
    expect(box('孩子姓名')).toHaveAccessibleDescription('请输入孩子姓名（至少2个字）');
    expect(box('证件号码')).toHaveAccessibleDescription('请输入证件号码');
    expect(combo('与孩子关系')).toHaveAccessibleDescription('请选择与孩子关系');
    expect(box('监护人手机号')).toHaveAccessibleDescription('请输入监护人手机号');
    await waitFor(() => expect(box('孩子姓名')).toHaveFocus());

    await userEvent.type(box('监护人手机号'), '1380000');
    await userEvent.click(button('添加'));
    expect(box('监护人手机号')).toHaveAccessibleDescription('请输入正确的11位手机号');
    expect(sent).toEqual([]);
  });

  it('for a passport, asks for the birth date and gender', async () => {
    await openAddForm();
    await userEvent.selectOptions(combo('证件类型'), '护照');
    expect(screen.getByLabelText(/出生日期/)).toBeInTheDocument();
    await userEvent.type(box('孩子姓名'), '王小米');
    await userEvent.type(box('证件号码'), 'E12345678');
    await userEvent.click(button('添加'));
    expect(screen.getByLabelText(/出生日期/)).toHaveAccessibleDescription('请选择孩子的出生日期');
    expect(screen.getByRole('radiogroup', { name: '性别' })).toHaveAccessibleDescription('请选择孩子的性别');
    expect(sent).toEqual([]);
  });

  it('sends the child with what the number tells, then refreshes the list and the child selector', async () => {
    await openAddForm();
    // The parent is usually the guardian: their name is there already.
    expect(box('监护人姓名')).toHaveValue('张伟');
    const number = makeIdNumber('110105', '2020-09-15', 13);
    await userEvent.type(box('孩子姓名'), '张小米');
    await userEvent.type(box('证件号码'), number.toLowerCase());
    await userEvent.selectOptions(combo('年级'), '托班');
    await userEvent.type(box('学校'), '北海幼儿园');
    await userEvent.selectOptions(combo('与孩子关系'), '父亲');
    await userEvent.type(box('监护人手机号'), '13800001111');
    await userEvent.type(box('健康情况'), '对花粉过敏');
    const selectorCalls = listCalls.filter((c) => c.passed === 'true').length;
    await userEvent.click(button('添加'));

    await screen.findByRole('list', { name: '孩子列表' });
    expect(sent).toEqual([
      {
        op: 'add',
        body: {
          name: '张小米',
          credential_type: 1,
          id_number: number,
          gender: 1,
          birth_date: '2020-09-15',
          grade_type: 1,
          school: '北海幼儿园',
          guardian_name: '张伟',
          guardian_relation: 1,
          guardian_phone: '13800001111',
          health_notes: '对花粉过敏',
          avatar: null,
        },
      },
    ]);
    await waitFor(() => expect(listCalls.filter((c) => c.passed === 'true').length).toBeGreaterThan(selectorCalls));
    expect(toastStore.toasts.map((t) => t.message)).toContain('已添加张小米');
  });

  it('a refused number is said beside the field, keeping what was typed, with no toast', async () => {
    server.use(http.post(chromeUrl('add_contact_information'), () => fail(200, 300503, '该证件号码已添加过（张小明）')));
    const app = await openAddForm();
    const number = makeIdNumber('110105', '2019-03-08', 13);
    await userEvent.type(box('孩子姓名'), '张小明');
    await userEvent.type(box('证件号码'), number);
    await userEvent.selectOptions(combo('与孩子关系'), '母亲');
    await userEvent.type(box('监护人手机号'), '13800001111');
    await userEvent.click(button('添加'));
    await waitFor(() => expect(box('证件号码')).toHaveAccessibleDescription('该证件号码已添加过（张小明）'));
    expect(box('证件号码')).toHaveValue(number);
    expect(box('孩子姓名')).toHaveValue('张小明');
    expect(app.ports.toastError).not.toHaveBeenCalled();
  });

  it('a refusal that names a field by its label goes beside that field', async () => {
    server.use(http.post(chromeUrl('add_contact_information'), () => fail(400, 400001, '出生日期：不能晚于今天')));
    await openAddForm();
    await userEvent.selectOptions(combo('证件类型'), '港澳通行证');
    await userEvent.type(box('孩子姓名'), '陈小乐');
    await userEvent.type(box('证件号码'), 'H1234567');
    await userEvent.type(screen.getByLabelText(/出生日期/), '2018-04-01');
    await userEvent.click(screen.getByRole('radio', { name: '女' }));
    await userEvent.selectOptions(combo('与孩子关系'), '其他');
    await userEvent.type(box('监护人手机号'), '13800001111');
    await userEvent.click(button('添加'));
    await waitFor(() => expect(screen.getByLabelText(/出生日期/)).toHaveAccessibleDescription('不能晚于今天'));
  });
});

describe('/personal/contacts, editing', () => {
  it('fills the form from the child’s detail; the masked numbers are typed again; the photo stays', async () => {
    await openList();
    await userEvent.click(within(card('张小明')).getByRole('button', { name: '编辑' }));
    const form = await screen.findByRole('form', { name: '编辑孩子信息' });
    expect(box('孩子姓名')).toHaveValue('张小明');
    await waitFor(() => expect(combo('年级')).toHaveValue('5'));
    expect(box('学校')).toHaveValue('西城区实验小学');
    expect(box('健康情况')).toHaveValue('花生过敏');
    expect(box('证件号码')).toHaveValue('');
    expect(within(form).getByText(/原号码 110105\*\*\*\*\*\*\*\*0013/)).toBeInTheDocument();
    expect(within(form).getByText(/原号码 138\*\*\*\*0000/)).toBeInTheDocument();

    await userEvent.click(button('保存修改'));
    expect(box('证件号码')).toHaveAccessibleDescription('请输入证件号码');
    expect(sent).toEqual([]);

    const number = makeIdNumber('110105', '2019-03-08', 13);
    await userEvent.type(box('证件号码'), number);
    await userEvent.type(box('监护人手机号'), '13800000000');
    await userEvent.clear(box('学校'));
    await userEvent.type(box('学校'), '东城区和平小学');
    await userEvent.click(button('保存修改'));
    await screen.findByRole('list', { name: '孩子列表' });
    expect(sent).toEqual([
      {
        op: 'edit',
        id: '5',
        body: expect.objectContaining({ id_number: number, school: '东城区和平小学', guardian_phone: '13800000000', grade_type: 5, avatar: 'upload/5.png' }),
      },
    ]);
  });

  it('cancel goes back to the list', async () => {
    const app = renderApp('/personal/contacts?edit=6');
    await screen.findByRole('form', { name: '编辑孩子信息' });
    await userEvent.click(button('取消'));
    await screen.findByRole('list', { name: '孩子列表' });
    expect(app.location()).toBe('/personal/contacts');
  });
});

describe('/personal/contacts, deleting', () => {
  it('asks first; 再想想 sends nothing; 删除 deletes and refreshes the selector too', async () => {
    await openList();
    await userEvent.click(within(card('张小红')).getByRole('button', { name: '删除' }));
    const dialog = screen.getByRole('dialog', { name: '删除张小红的信息？' });
    await userEvent.click(within(dialog).getByRole('button', { name: '再想想' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent).toEqual([]);

    const selectorCalls = listCalls.filter((c) => c.passed === 'true').length;
    await userEvent.click(within(card('张小红')).getByRole('button', { name: '删除' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: '张小红' })).toBeNull());
    expect(sent).toEqual([{ op: 'delete', id: '6' }]);
    expect(listCalls.filter((c) => c.passed === 'true').length).toBeGreaterThan(selectorCalls);
    expect(toastStore.toasts.map((t) => t.message)).toContain('已删除张小红的信息');
  });

  it('a child with live sign-ups stays, and the dialog says why', async () => {
    server.use(http.delete(chromeUrl('delete_contact_information/:id'), () => fail(200, 300502, '该孩子有进行中的报名或订单，不能删除')));
    const app = await openList();
    await userEvent.click(within(card('张小明')).getByRole('button', { name: '删除' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('该孩子有进行中的报名或订单，不能删除');
    expect(card('张小明')).toBeInTheDocument();
    expect(app.ports.toastError).not.toHaveBeenCalled();
  });
});
