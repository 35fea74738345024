import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ageOn, contactAuditStatus, credentialType, gender, guardianRelation, makeIdNumber, maskIdNumber } from '#contract/index';
import { at, DAY, HOUR, toIso } from '#fixtures/time';
import { GRADES } from '#fixtures/catalogue';
import { addParent, enrol } from '#fixtures/world';
import type { MockState } from '#mock/core/state';
import { describe, expect, it } from 'vitest';
import { toastStore } from '../../stores/toast-store.ts';
import { http, HttpResponse, server } from '../../test/api-server.ts';
import { familyWorld, TEST_NOW, type FamilyBuilder } from '../../test/family-world.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { beijingToday } from '../../lib/id-reading.ts';

/** 张小明's ID card: born 2019-03-08, sequence 013. */
const XIAOMING_ID = makeIdNumber('110105', '2019-03-08', 13);
const XIAOGANG_ID = makeIdNumber('110105', '2017-06-01', 35);

/** The grades grade_type_enum_choose offers (托班 = 1 … 一年级 = 5 …). */
function addGrades(b: FamilyBuilder) {
  b.add('choices', ...GRADES.map((label, i) => ({ kind: 'grade', value: i + 1, label, sort: i + 1 })));
}

/*
 * 张伟's children: 张小明 (passed, ID card, 一年级 at 西城区实验小学, allergic to peanuts, a photo,
 * signed up for 少儿国画启蒙班), 张小红 (passport E12345678, in review since two hours ago) and
 * 张小刚 (ID card, refused: the household register photo was blurred).
 */
const world = familyWorld((b) => {
  addGrades(b);
  Object.assign(b.xiaoming, {
    birth_date: '2019-03-08',
    id_number: XIAOMING_ID,
    grade_type: 5,
    school: '西城区实验小学',
    guardian_name: '张伟',
    guardian_relation: guardianRelation.values.father,
    guardian_phone: '13800000000',
    health_notes: '花生过敏',
    avatar: 'upload/1.png',
  });
  Object.assign(b.xiaohong, {
    birth_date: '2020-01-02',
    credential_type: credentialType.values.passport,
    id_number: 'E12345678',
    audit_status: contactAuditStatus.values.reviewing,
    created_at: toIso(TEST_NOW - 2 * HOUR),
  });
  b.add(
    'contacts',
    b.f.contact(b.parent.id, {
      id: 4,
      name: '张小刚',
      gender: gender.values.male,
      birth_date: '2017-06-01',
      id_number: XIAOGANG_ID,
      audit_status: contactAuditStatus.values.rejected,
      reject_reason: '上传的户口簿照片不清晰，请重新上传',
    }),
  );
  const guohua = b.klass({ id: 3, name: '少儿国画启蒙班' });
  enrol(b, { parent: b.parent, child: b.xiaoming, klass: guohua, signedUpAt: TEST_NOW - 20 * DAY, outcome: 'paid' });
});

/** Twelve children: 张小明, 张小红 and 孩子3 … 孩子12. */
const many = familyWorld((b) => {
  addGrades(b);
  for (let i = 3; i <= 12; i++) b.add('contacts', b.f.contact(b.parent.id, { id: 100 + i, name: `孩子${i}` }));
});

/** 赵敏 ('zhaomin') has not added any child. */
const childless = familyWorld((b) => {
  addGrades(b);
  addParent(b, { id: 3, username: 'zhaomin', real_name: '赵敏', description: '还没有添加孩子的家长' });
});

/** What the page sent about contacts (in front of the mock, which answers). */
function recordContactCalls() {
  const calls = { lists: [] as { passed: string | null }[], sent: [] as { op: string; id?: string; body?: unknown }[] };
  server.use(
    http.get('*/contact_information', ({ request }) => {
      calls.lists.push({ passed: new URL(request.url).searchParams.get('passed') });
    }),
    http.post('*/add_contact_information', async ({ request }) => {
      calls.sent.push({ op: 'add', body: await request.clone().json() });
    }),
    http.put('*/edit_contact_information/:id', async ({ request, params }) => {
      calls.sent.push({ op: 'edit', id: String(params.id), body: await request.clone().json() });
    }),
    http.delete('*/delete_contact_information/:id', ({ params }) => {
      calls.sent.push({ op: 'delete', id: String(params.id) });
    }),
  );
  return calls;
}
const selectorCalls = (calls: ReturnType<typeof recordContactCalls>) => calls.lists.filter((c) => c.passed === 'true').length;

const contact = (mock: MockState, name: string) => mock.db.contacts.findFirst((q) => q.where({ name }));

const box = (name: string | RegExp) => screen.getByRole('textbox', { name });
const combo = (name: string | RegExp) => screen.getByRole('combobox', { name });
const button = (name: string | RegExp) => screen.getByRole('button', { name });
const card = (name: string) => screen.getByRole('listitem', { name });
const today = beijingToday();

async function openList(w = world) {
  const app = await renderRoute('/personal/contacts', { world: w, as: 'zhangwei' });
  await screen.findByRole('list', { name: '孩子列表' });
  return app;
}

async function openAddForm() {
  const app = await renderRoute('/personal/contacts?add=1', { world, as: 'zhangwei' });
  await screen.findByRole('form', { name: '添加孩子' });
  return app;
}

describe('/personal/contacts, the list', () => {
  it('shows every child (not only the passed ones) with gender, age, masked credential and audit status', async () => {
    const calls = recordContactCalls();
    await openList();
    expect(calls.lists.some((c) => c.passed === null)).toBe(true);
    expect(within(screen.getByRole('list', { name: '孩子列表' })).getAllByRole('listitem')).toHaveLength(3);

    const ming = card('张小明');
    expect(within(ming).getByText('已通过')).toBeInTheDocument();
    expect(within(ming).getByText('男 · 7岁 · 2019-03-08 出生')).toBeInTheDocument();
    expect(within(ming).getByText(`身份证 ${maskIdNumber(XIAOMING_ID)}`)).toBeInTheDocument();

    const hong = card('张小红');
    expect(within(hong).getByText('审核中')).toBeInTheDocument();
    expect(within(hong).getByText('女 · 6岁 · 2020-01-02 出生')).toBeInTheDocument();
    expect(within(hong).getByText('护照 E1****')).toBeInTheDocument();
    expect(within(hong).getByText(/通过后即可报名/)).toBeInTheDocument();

    const gang = card('张小刚');
    expect(within(gang).getByText('未通过')).toBeInTheDocument();
    expect(await within(gang).findByText('未通过原因：上传的户口簿照片不清晰，请重新上传')).toBeInTheDocument();
    expect(within(gang).getByRole('button', { name: '修改并重新提交' })).toHaveAccessibleDescription('张小刚');
  });

  it('with no child, invites the parent to add the first one', async () => {
    await renderRoute('/personal/contacts', { world: childless, as: 'zhaomin' });
    expect(await screen.findByText('还没有添加孩子')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '添加孩子' })).toBeNull();
    await userEvent.click(button('添加第一个孩子'));
    expect(await screen.findByRole('form', { name: '添加孩子' })).toBeInTheDocument();
  });

  it('pages through many children', async () => {
    await openList(many);
    expect(within(screen.getByRole('list', { name: '孩子列表' })).getAllByRole('listitem')).toHaveLength(10);
    const pages = screen.getByRole('navigation', { name: '分页' });
    expect(within(pages).getByText('共 12 条')).toBeInTheDocument();
    await userEvent.click(within(pages).getByRole('link', { name: '2' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: '孩子列表' })).getAllByRole('listitem')).toHaveLength(2));
    expect(card('孩子11')).toBeInTheDocument();
    expect(card('孩子12')).toBeInTheDocument();
  });

  it('one page of children needs no pager', async () => {
    await openList();
    expect(screen.queryByRole('navigation', { name: '分页' })).toBeNull();
  });

  it('a list the backend fails to give is only logged (spec §8): the page says it, with no toast', async () => {
    const app = await renderRoute('/personal/contacts', {
      world,
      as: 'zhangwei',
      prepare: (mock) => mock.faults.add([{ operation: 'contact_information', status: 500, error_code: 500000, times: 3 }]),
    });
    expect(await screen.findByText('加载失败')).toBeInTheDocument();
    expect(app.ports.toastError).not.toHaveBeenCalled();
    expect(app.ports.log).toHaveBeenCalledWith(expect.stringContaining('contact_information failed'));
  });

  it('says so when the list cannot be loaded, and retries', async () => {
    // The network fails: no answer at all, which the mock cannot give.
    server.use(http.get('*/contact_information', () => HttpResponse.error()));
    await renderRoute('/personal/contacts', { world, as: 'zhangwei' });
    expect(await screen.findByText('加载失败')).toBeInTheDocument();
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

  it('states the age limit and says, as the number or the birth date is typed, when it is no child’s (decision 058)', async () => {
    const calls = recordContactCalls();
    await openAddForm();
    await userEvent.type(box('孩子姓名'), '王大雨');
    await userEvent.selectOptions(combo('证件类型'), '护照');
    await userEvent.type(box('证件号码'), 'E12345678');
    const birth = screen.getByLabelText(/出生日期/);
    expect(screen.getByText('孩子须未满18周岁')).toBeInTheDocument();
    await userEvent.type(birth, `${Number(today.slice(0, 4)) - 18}${today.slice(4)}`);
    expect(screen.getByText('18岁；孩子须未满18周岁')).toBeInTheDocument();
    await userEvent.click(button('添加'));
    // The contract's rules load at the form's first touch (decision 091): the messages may come later.
    await waitFor(() => expect(birth).toHaveAccessibleDescription('该出生日期显示年龄为18岁，孩子须未满18周岁'));

    await userEvent.selectOptions(combo('证件类型'), '身份证（含户口簿、社保卡）');
    const field = box('证件号码');
    await userEvent.clear(field);
    // The probe's 76-year-old.
    await userEvent.type(field, makeIdNumber('110105', `${Number(today.slice(0, 4)) - 76}${today.slice(4)}`, 17));
    expect(field).toHaveAccessibleDescription('该证件号码显示年龄为76岁，孩子须未满18周岁');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    // A legacy 15-digit number reads as born before 2000.
    await userEvent.clear(field);
    await userEvent.type(field, '110105980506357');
    expect(field).toHaveAccessibleDescription(`该证件号码显示年龄为${ageOn('1998-05-06', today)}岁，孩子须未满18周岁`);
    await userEvent.click(button('添加'));
    await waitFor(() => expect(field).toHaveAccessibleDescription(/孩子须未满18周岁/));
    await userEvent.clear(field);
    expect(screen.getByText('输入后自动识别出生日期、年龄和性别；孩子须未满18周岁')).toBeInTheDocument();
    // A child's number is an 18-digit one (a 15-digit number was issued before 2000).
    expect(field).toHaveAttribute('placeholder', '请输入18位身份证号码');
    expect(calls.sent).toEqual([]);
  });

  it('explains every rule beside its field and sends nothing while the form is wrong', async () => {
    const calls = recordContactCalls();
    await openAddForm();
    await userEvent.click(button('添加'));
    await waitFor(() => expect(box('孩子姓名')).toHaveAccessibleDescription('请输入孩子姓名（至少2个字）'));
    expect(box('证件号码')).toHaveAccessibleDescription('请输入证件号码');
    expect(combo('与孩子关系')).toHaveAccessibleDescription('请选择与孩子关系');
    expect(box('监护人手机号')).toHaveAccessibleDescription('请输入监护人手机号');
    await waitFor(() => expect(box('孩子姓名')).toHaveFocus());

    await userEvent.type(box('监护人手机号'), '1380000');
    await userEvent.click(button('添加'));
    await waitFor(() => expect(box('监护人手机号')).toHaveAccessibleDescription('请输入正确的11位手机号'));
    expect(calls.sent).toEqual([]);
  });

  it('for a passport, asks for the birth date and gender', async () => {
    const calls = recordContactCalls();
    await openAddForm();
    await userEvent.selectOptions(combo('证件类型'), '护照');
    expect(screen.getByLabelText(/出生日期/)).toBeInTheDocument();
    await userEvent.type(box('孩子姓名'), '王小米');
    await userEvent.type(box('证件号码'), 'E12345678');
    await userEvent.click(button('添加'));
    await waitFor(() => expect(screen.getByLabelText(/出生日期/)).toHaveAccessibleDescription('请选择孩子的出生日期'));
    expect(screen.getByRole('radiogroup', { name: '性别' })).toHaveAccessibleDescription('请选择孩子的性别');
    expect(calls.sent).toEqual([]);
  });

  it('sends the child with what the number tells, then refreshes the list and the child selector', async () => {
    const calls = recordContactCalls();
    const { mock } = await openAddForm();
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
    const before = selectorCalls(calls);
    await userEvent.click(button('添加'));

    await screen.findByRole('list', { name: '孩子列表' });
    expect(calls.sent).toEqual([
      {
        op: 'add',
        body: {
          name: '张小米',
          credential_type: credentialType.values.idCard,
          id_number: number,
          gender: gender.values.male,
          birth_date: '2020-09-15',
          grade_type: 1,
          school: '北海幼儿园',
          guardian_name: '张伟',
          guardian_relation: guardianRelation.values.father,
          guardian_phone: '13800001111',
          health_notes: '对花粉过敏',
          avatar: null,
        },
      },
    ]);
    await waitFor(() => expect(selectorCalls(calls)).toBeGreaterThan(before));
    expect(toastStore().toasts.map((t) => t.message)).toContain('已添加张小米');
    // An ID card passes at once: the new child is listed, and the mock keeps what was sent.
    expect(await screen.findByRole('listitem', { name: '张小米' })).toBeInTheDocument();
    expect(contact(mock, '张小米')).toMatchObject({
      parent_id: 1,
      id_number: number,
      birth_date: '2020-09-15',
      school: '北海幼儿园',
      guardian_phone: '13800001111',
      audit_status: contactAuditStatus.values.passed,
    });
  });

  it('a refused number is said beside the field, keeping what was typed, with no toast', async () => {
    const app = await openAddForm();
    // 张小明's own number: the mock has it already.
    await userEvent.type(box('孩子姓名'), '张小明');
    await userEvent.type(box('证件号码'), XIAOMING_ID);
    await userEvent.selectOptions(combo('与孩子关系'), '母亲');
    await userEvent.type(box('监护人手机号'), '13800001111');
    await userEvent.click(button('添加'));
    await waitFor(() => expect(box('证件号码')).toHaveAccessibleDescription('该证件号码已添加过（张小明）'));
    expect(box('证件号码')).toHaveValue(XIAOMING_ID);
    expect(box('孩子姓名')).toHaveValue('张小明');
    expect(app.ports.toastError).not.toHaveBeenCalled();
    expect(app.mock.db.contacts.findMany((q) => q.where({ name: '张小明' }))).toHaveLength(1);
  });

  it('a refusal that names a field by its label goes beside that field', async () => {
    const { mock } = await openAddForm();
    // The browser's clock is a day ahead of the server's: today's birth date is tomorrow's there.
    mock.clock.set(at(today) - DAY);
    await userEvent.selectOptions(combo('证件类型'), '港澳通行证');
    await userEvent.type(box('孩子姓名'), '陈小乐');
    await userEvent.type(box('证件号码'), 'H1234567');
    await userEvent.type(screen.getByLabelText(/出生日期/), today);
    await userEvent.click(screen.getByRole('radio', { name: '女' }));
    await userEvent.selectOptions(combo('与孩子关系'), '其他');
    await userEvent.type(box('监护人手机号'), '13800001111');
    await userEvent.click(button('添加'));
    await waitFor(() => expect(screen.getByLabelText(/出生日期/)).toHaveAccessibleDescription('不能晚于今天'));
    expect(contact(mock, '陈小乐')).toBeUndefined();
  });
});

describe('/personal/contacts, editing', () => {
  it('fills the form from the child’s detail; the masked numbers may stay empty (unchanged); the photo stays', async () => {
    const calls = recordContactCalls();
    const { mock } = await openList();
    await userEvent.click(within(card('张小明')).getByRole('button', { name: '编辑' }));
    const form = await screen.findByRole('form', { name: '编辑孩子信息' });
    expect(box('孩子姓名')).toHaveValue('张小明');
    await waitFor(() => expect(combo('年级')).toHaveValue('5'));
    expect(box('学校')).toHaveValue('西城区实验小学');
    expect(box('健康情况')).toHaveValue('花生过敏');
    expect(box('证件号码')).toHaveValue('');
    expect(within(form).getByText(`原号码 ${maskIdNumber(XIAOMING_ID)}，不修改请留空`)).toBeInTheDocument();
    expect(within(form).getByText('原号码 138****0000，不修改请留空')).toBeInTheDocument();

    // Only the school changes: no ID number or phone to retype, none sent.
    await userEvent.clear(box('学校'));
    await userEvent.type(box('学校'), '东城区和平小学');
    await userEvent.click(button('保存修改'));
    await screen.findByRole('list', { name: '孩子列表' });
    expect(calls.sent).toHaveLength(1);
    expect(calls.sent[0]).toMatchObject({ op: 'edit', id: '1', body: expect.objectContaining({ school: '东城区和平小学', grade_type: 5, avatar: 'upload/1.png' }) });
    expect(calls.sent[0]!.body).not.toHaveProperty('id_number');
    expect(calls.sent[0]!.body).not.toHaveProperty('guardian_phone');
    // The same identity: no new review, the stored numbers as they were.
    expect(contact(mock, '张小明')).toMatchObject({
      school: '东城区和平小学',
      id_number: XIAOMING_ID,
      guardian_phone: '13800000000',
      avatar: 'upload/1.png',
      audit_status: contactAuditStatus.values.passed,
    });
  });

  it('a number typed in an edit is checked and sent', async () => {
    const calls = recordContactCalls();
    await openList();
    await userEvent.click(within(card('张小明')).getByRole('button', { name: '编辑' }));
    await screen.findByRole('form', { name: '编辑孩子信息' });
    await userEvent.type(box('监护人手机号'), '1390000');
    await userEvent.click(button('保存修改'));
    await waitFor(() => expect(box('监护人手机号')).toHaveAccessibleDescription(/请输入正确的11位手机号/));
    expect(calls.sent).toEqual([]);
    await userEvent.type(box('监护人手机号'), '1234');
    await userEvent.click(button('保存修改'));
    await screen.findByRole('list', { name: '孩子列表' });
    expect(calls.sent).toEqual([{ op: 'edit', id: '1', body: expect.objectContaining({ guardian_phone: '13900001234' }) }]);
    expect(calls.sent[0]!.body).not.toHaveProperty('id_number');
  });

  it('cancel goes back to the list', async () => {
    const app = await renderRoute('/personal/contacts?edit=2', { world, as: 'zhangwei' });
    await screen.findByRole('form', { name: '编辑孩子信息' });
    expect(box('孩子姓名')).toHaveValue('张小红');
    await userEvent.click(button('取消'));
    await screen.findByRole('list', { name: '孩子列表' });
    expect(app.location()).toBe('/personal/contacts');
  });
});

/** A backend answering as the seed shows (SPEC.md §3: a contact is id and name; decision 073). */
const minimal = (mock: MockState) => void (mock.settings.minimal = true);

describe('/personal/contacts on a backend that answers only what SPEC.md names', () => {
  it('lists each child by name, with its buttons, and says nothing it was not told', async () => {
    await renderRoute('/personal/contacts', { world, as: 'zhangwei', prepare: minimal });
    await screen.findByRole('list', { name: '孩子列表' });
    expect(within(screen.getByRole('list', { name: '孩子列表' })).getAllByRole('listitem')).toHaveLength(3);
    const ming = card('张小明');
    expect(within(ming).getByRole('heading', { name: '张小明' })).toBeInTheDocument();
    expect(within(ming).queryByText(/岁|出生|身份证|已通过|undefined/)).toBeNull();
    expect(within(ming).getByRole('button', { name: '编辑' })).toBeInTheDocument();
    expect(within(ming).getByRole('button', { name: '删除' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: '分页' })).toBeNull();
  });

  it('pages through many children without a count: the next page while a page comes back full', async () => {
    const app = await renderRoute('/personal/contacts', { world: many, as: 'zhangwei', prepare: minimal });
    await screen.findByRole('list', { name: '孩子列表' });
    const pages = screen.getByRole('navigation', { name: '分页' });
    expect(within(pages).queryByText(/共/)).toBeNull();
    await userEvent.click(within(pages).getByRole('link', { name: '下一页' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: '孩子列表' })).getAllByRole('listitem')).toHaveLength(2));
    expect(app.location()).toBe('/personal/contacts?page=2');
    expect(within(screen.getByRole('navigation', { name: '分页' })).getByText('下一页')).toHaveAttribute('aria-disabled', 'true');
  });

  it('edits a child whose detail is its name alone: the form asks again for what it was not told, and sends the whole profile', async () => {
    const calls = recordContactCalls();
    await renderRoute('/personal/contacts?edit=1', { world, as: 'zhangwei', prepare: minimal });
    const form = await screen.findByRole('form', { name: '编辑孩子信息' });
    expect(box('孩子姓名')).toHaveValue('张小明');
    expect(within(form).getByText(/请重新填写证件和监护人信息/)).toBeInTheDocument();
    expect(within(form).queryByText(/不修改请留空/)).toBeNull();
    await userEvent.click(button('保存修改'));
    await waitFor(() => expect(box('证件号码')).toHaveAccessibleDescription(/请输入证件号码|身份证/));
    expect(box('监护人手机号')).toHaveAccessibleDescription(/请输入监护人手机号/);
    expect(calls.sent).toEqual([]);

    await userEvent.type(box('证件号码'), XIAOMING_ID);
    await userEvent.selectOptions(combo('与孩子关系'), String(guardianRelation.values.father));
    await userEvent.clear(box('监护人姓名'));
    await userEvent.type(box('监护人姓名'), '张伟');
    await userEvent.type(box('监护人手机号'), '13800000000');
    await userEvent.click(button('保存修改'));
    await screen.findByRole('list', { name: '孩子列表' });
    expect(calls.sent).toEqual([
      {
        op: 'edit',
        id: '1',
        body: expect.objectContaining({ name: '张小明', credential_type: credentialType.values.idCard, id_number: XIAOMING_ID, guardian_name: '张伟', guardian_phone: '13800000000' }),
      },
    ]);
  });
});

describe('/personal/contacts, deleting', () => {
  it('asks first; 再想想 sends nothing; 删除 deletes and refreshes the selector too', async () => {
    const calls = recordContactCalls();
    const { mock } = await openList();
    await userEvent.click(within(card('张小红')).getByRole('button', { name: '删除' }));
    const dialog = screen.getByRole('dialog', { name: '删除张小红的信息？' });
    await userEvent.click(within(dialog).getByRole('button', { name: '再想想' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.sent).toEqual([]);

    const before = selectorCalls(calls);
    await userEvent.click(within(card('张小红')).getByRole('button', { name: '删除' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: '张小红' })).toBeNull());
    expect(calls.sent).toEqual([{ op: 'delete', id: '2' }]);
    expect(selectorCalls(calls)).toBeGreaterThan(before);
    expect(toastStore().toasts.map((t) => t.message)).toContain('已删除张小红的信息');
    expect(contact(mock, '张小红')!.deleted).toBe(true);
  });

  it('a child with live sign-ups stays, and the dialog says why', async () => {
    const app = await openList();
    // 张小明 is signed up for 少儿国画启蒙班 and paid: the mock keeps him.
    await userEvent.click(within(card('张小明')).getByRole('button', { name: '删除' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('该孩子有进行中的报名或订单，不能删除');
    expect(card('张小明')).toBeInTheDocument();
    expect(app.ports.toastError).not.toHaveBeenCalled();
    expect(contact(app.mock, '张小明')!.deleted).toBe(false);
  });
});
