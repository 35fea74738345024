import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { contactAuditStatus, guardianRelation, pickerStatus } from '#contract/index';
import { OSS_BASE_URL } from '#fixtures/oss';
import { HOUR, toIso } from '#fixtures/time';
import type { MockState } from '#mock/core/state';
import { describe, expect, it } from 'vitest';
import { toastStore } from '../../stores/toast-store.ts';
import { http, server } from '../../test/api-server.ts';
import { familyWorld, TEST_NOW, type FamilyBuilder } from '../../test/family-world.ts';
import { imageFile } from '../../test/images.ts';
import { renderRoute } from '../../test/render-route.tsx';

/*
 * 张小红's pick-up people: her grandfather 高建国 (18600007601) and her father 李明
 * (13912345678); 张小明's: his mother 王芳 (18600007603). Each child may have 3.
 */
function addPickers(b: FamilyBuilder) {
  const { f, parent, xiaoming, xiaohong } = b;
  b.add(
    'pickers',
    f.picker(parent.id, xiaohong.id, { id: 1, name: '高建国', relation: guardianRelation.values.grandparent, phone: '18600007601' }),
    f.picker(parent.id, xiaohong.id, { id: 2, name: '李明', relation: guardianRelation.values.father, phone: '13912345678' }),
    f.picker(parent.id, xiaoming.id, { id: 3, name: '王芳', relation: guardianRelation.values.mother, phone: '18600007603' }),
  );
}
const world = familyWorld(addPickers);
/** 张小红 has her three: 高秀兰 (grandmother, 停用) too. */
const full = familyWorld((b) => {
  addPickers(b);
  b.add('pickers', b.f.picker(b.parent.id, b.xiaohong.id, { id: 4, name: '高秀兰', relation: guardianRelation.values.grandparent, phone: '18600007604', status: pickerStatus.values.disabled }));
});
/** 张伟's children were added this morning and are still being reviewed. */
const nonePassed = familyWorld((b) => {
  for (const child of [b.xiaoming, b.xiaohong]) Object.assign(child, { audit_status: contactAuditStatus.values.reviewing, created_at: toIso(TEST_NOW - 2 * HOUR) });
});

const XIAOMING = 1;
const XIAOHONG = 2;

/** What the page asked and sent about pick-up people (in front of the mock, which answers). */
function recordPickerCalls() {
  const calls = { asked: [] as string[], operated: [] as { id: string; body: unknown }[], created: [] as unknown[], uploads: 0 };
  server.use(
    http.get('*/get_access_control_info/:id', ({ params }) => {
      calls.asked.push(String(params.id));
    }),
    http.put('*/access_control_info_operate/:id', async ({ params, request }) => {
      calls.operated.push({ id: String(params.id), body: await request.clone().json() });
    }),
    http.post('*/creat_access_control_info', async ({ request }) => {
      calls.created.push(await request.clone().json());
    }),
    http.post('*/upload', () => {
      calls.uploads += 1;
    }),
  );
  return calls;
}

const pickersOf = (mock: MockState, contactId: number) => mock.db.pickers.findMany((q) => q.where({ contact_id: contactId }));

const cards = () => screen.findByRole('list', { name: /的接送人$/ });
const card = (name: string) => within(screen.getByRole('list', { name: /的接送人$/ })).getByRole('article', { name });
const png = (name = 'face.png', bytes = 64) => imageFile(name, bytes);
const count = () => screen.getByText((_, el) => el?.tagName === 'P' && /^已添加 \d+\/\d+ 人/.test(el.textContent ?? ''));
const toasts = () => toastStore().toasts.map((t) => [t.kind, t.message]);

async function openForm() {
  await cards();
  await userEvent.click(screen.getByRole('button', { name: '添加接送人' }));
  return screen.getByRole('form', { name: /添加接送人/ });
}

async function fillForm(form: HTMLElement, values: { name?: string; relation?: string; phone?: string; photo?: File } = {}) {
  await userEvent.type(within(form).getByRole('textbox', { name: '姓名' }), values.name ?? '王芳');
  await userEvent.selectOptions(within(form).getByRole('combobox', { name: '与孩子关系' }), values.relation ?? '母亲');
  await userEvent.type(within(form).getByRole('textbox', { name: '手机号' }), values.phone ?? '13700002222');
  await userEvent.upload(within(form).getByLabelText(/正面照片/), values.photo ?? png());
  await within(form).findByRole('img', { name: '已上传的接送人照片' });
}

/** 张小红's pick-up page, as 张伟 with her selected in the header. */
const openForXiaohong = (w = world) => renderRoute('/personal/accessControl', { world: w, as: 'zhangwei', child: XIAOHONG });

describe('接送人管理: choosing the child', () => {
  it('starts with the selected child and switches to another, keeping the choice in the address', async () => {
    const calls = recordPickerCalls();
    const app = await openForXiaohong();
    const group = await screen.findByRole('radiogroup', { name: '选择孩子' });
    expect(within(group).getByRole('radio', { name: /张小红/ })).toBeChecked();
    expect(await screen.findByRole('heading', { name: '张小红的接送人' })).toBeInTheDocument();
    expect(calls.asked).toEqual([String(XIAOHONG)]);
    await userEvent.click(within(group).getByRole('radio', { name: /张小明/ }));
    expect(await screen.findByRole('heading', { name: '张小明的接送人' })).toBeInTheDocument();
    expect(within(await cards()).getByRole('article', { name: '王芳' })).toBeInTheDocument();
    expect(app.location()).toBe(`/personal/accessControl?child=${XIAOMING}`);
    expect(calls.asked).toContain(String(XIAOMING));
  });

  it('without a selected child, starts with the first', async () => {
    await renderRoute('/personal/accessControl', { world, as: 'zhangwei' });
    expect(await screen.findByRole('heading', { name: '张小明的接送人' })).toBeInTheDocument();
  });

  it('a parent with no passed child is sent to add one', async () => {
    const calls = recordPickerCalls();
    await renderRoute('/personal/accessControl', { world: nonePassed, as: 'zhangwei' });
    expect(await screen.findByText('还没有通过审核的孩子')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去添加孩子' })).toHaveAttribute('href', '/personal/contacts');
    expect(calls.asked).toEqual([]);
  });
});

describe('接送人管理: the pick-up people', () => {
  it('shows each with photo, relation, masked phone and status, and the count against the limit', async () => {
    await openForXiaohong();
    const list = await cards();
    expect(within(list).getAllByRole('article')).toHaveLength(2);
    const grandpa = card('高建国');
    expect(within(grandpa).getByRole('img', { name: '高建国的照片' })).toHaveAttribute('src', `${OSS_BASE_URL}avatar/picker-1.svg`);
    expect(grandpa).toHaveTextContent('祖父母/外祖父母');
    expect(grandpa).toHaveTextContent('186****7601');
    expect(grandpa).toHaveTextContent('已启用');
    expect(count()).toHaveTextContent('已添加 2/3 人');
    expect(screen.getByRole('button', { name: '添加接送人' })).toBeEnabled();
  });

  it('停用 sends disable, then the card reads 已停用 and offers 启用', async () => {
    const calls = recordPickerCalls();
    const { mock } = await openForXiaohong();
    await cards();
    await userEvent.click(within(card('李明')).getByRole('button', { name: '停用接送人李明' }));
    await waitFor(() => expect(calls.operated).toEqual([{ id: '2', body: { operate: 'disable' } }]));
    expect(await within(card('李明')).findByText('已停用')).toBeInTheDocument();
    expect(toasts()).toContainEqual(['succeed', '已停用接送人李明']);
    expect(mock.db.pickers.findFirst((q) => q.where({ id: 2 }))!.status).toBe(pickerStatus.values.disabled);
    await userEvent.click(within(card('李明')).getByRole('button', { name: '启用接送人李明' }));
    expect(await within(card('李明')).findByText('已启用')).toBeInTheDocument();
    expect(calls.operated.at(-1)).toEqual({ id: '2', body: { operate: 'enable' } });
    expect(mock.db.pickers.findFirst((q) => q.where({ id: 2 }))!.status).toBe(pickerStatus.values.enabled);
  });

  it('删除 asks first; 取消 sends nothing, 删除 removes the card', async () => {
    const calls = recordPickerCalls();
    const { mock } = await openForXiaohong();
    await cards();
    await userEvent.click(within(card('高建国')).getByRole('button', { name: '删除接送人高建国' }));
    let dialog = screen.getByRole('dialog', { name: '删除接送人' });
    expect(dialog).toHaveTextContent('确定删除接送人“高建国”吗？');
    await userEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(calls.operated).toEqual([]);
    expect(card('高建国')).toBeInTheDocument();

    await userEvent.click(within(card('高建国')).getByRole('button', { name: '删除接送人高建国' }));
    dialog = screen.getByRole('dialog', { name: '删除接送人' });
    await userEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(calls.operated).toEqual([{ id: '1', body: { operate: 'delete' } }]));
    await waitFor(() => expect(within(screen.getByRole('list', { name: /的接送人$/ })).queryByRole('article', { name: '高建国' })).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toasts()).toContainEqual(['succeed', '已删除接送人高建国']);
    expect(count()).toHaveTextContent('已添加 1/3 人');
    expect(pickersOf(mock, XIAOHONG).map((p) => p.name)).toEqual(['李明']);
  });

  it('at the limit, 添加接送人 is disabled and says why', async () => {
    await openForXiaohong(full);
    await cards();
    expect(count()).toHaveTextContent('已添加 3/3 人');
    expect(card('高秀兰')).toHaveTextContent('已停用');
    const add = screen.getByRole('button', { name: '添加接送人' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription('已达上限，每个孩子最多3位接送人；如需更换，请先删除一位。');
  });
});

describe('接送人管理: adding one', () => {
  it('checks the form with the contract before sending anything', async () => {
    const calls = recordPickerCalls();
    await openForXiaohong();
    const form = await openForm();
    expect(within(form).getByRole('textbox', { name: '姓名' })).toHaveFocus();
    await userEvent.click(within(form).getByRole('button', { name: '确认添加' }));
    // The contract's schema loads for the form's first check (decision 091).
    await waitFor(() => expect(within(form).getByRole('textbox', { name: '姓名' })).toHaveAccessibleDescription('请输入接送人姓名'));
    expect(within(form).getByRole('combobox', { name: '与孩子关系' })).toHaveAccessibleDescription('请选择与孩子关系');
    expect(within(form).getByRole('textbox', { name: '手机号' })).toHaveAccessibleDescription('请输入正确的11位手机号');
    expect(within(form).getByText('请上传接送人正面照片')).toBeInTheDocument();
    await waitFor(() => expect(within(form).getByRole('textbox', { name: '姓名' })).toHaveFocus());
    expect(calls.created).toEqual([]);
    // The message goes as soon as the field is right.
    await userEvent.type(within(form).getByRole('textbox', { name: '手机号' }), '13700002222');
    await waitFor(() => expect(within(form).getByRole('textbox', { name: '手机号' })).not.toHaveAccessibleDescription('请输入正确的11位手机号'));
  });

  it('refuses a photo of another type or over 5MB before uploading it', async () => {
    const calls = recordPickerCalls();
    const user = userEvent.setup({ applyAccept: false });
    const { mock } = await openForXiaohong();
    const form = await openForm();
    const input = within(form).getByLabelText(/正面照片/);
    await user.upload(input, new File(['GIF89a'], 'face.gif', { type: 'image/gif' }));
    expect(await within(form).findByText('仅支持 JPG、PNG、WEBP 格式的照片')).toBeInTheDocument();
    await user.upload(input, png('big.png', 5 * 1024 * 1024 + 1));
    expect(await within(form).findByText('照片不能超过5MB，请压缩后再上传')).toBeInTheDocument();
    expect(calls.uploads).toBe(0);
    await user.upload(input, png());
    // The mock stores the first upload as upload/1.png.
    expect(await within(form).findByRole('img', { name: '已上传的接送人照片' })).toHaveAttribute('src', `${OSS_BASE_URL}upload/1.png`);
    expect(calls.uploads).toBe(1);
    expect(mock.db.uploads.all()).toEqual([expect.objectContaining({ url: 'upload/1.png', content_type: 'image/png' })]);
    expect(within(form).queryByText('照片不能超过5MB，请压缩后再上传')).toBeNull();
    expect(within(form).getByLabelText(/正面照片/)).toHaveAccessibleName('正面照片：更换照片');
  });

  it('sends the person for the chosen child, then lists them and closes the form', async () => {
    const calls = recordPickerCalls();
    const { mock } = await openForXiaohong();
    const form = await openForm();
    await fillForm(form);
    await userEvent.click(within(form).getByRole('button', { name: '确认添加' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: /添加接送人/ })).toBeNull());
    expect(calls.created).toEqual([{ contact_id: XIAOHONG, name: '王芳', relation: guardianRelation.values.mother, phone: '13700002222', photo_url: 'upload/1.png' }]);
    expect(card('王芳')).toHaveTextContent('137****2222');
    expect(count()).toHaveTextContent('已添加 3/3 人');
    expect(screen.getByRole('button', { name: '添加接送人' })).toBeDisabled();
    expect(toasts()).toContainEqual(['succeed', '已添加接送人王芳']);
    expect(screen.getByRole('heading', { name: '张小红的接送人' })).toHaveFocus();
    expect(pickersOf(mock, XIAOHONG).at(-1)).toMatchObject({ parent_id: 1, name: '王芳', phone: '13700002222', photo_url: 'upload/1.png', status: pickerStatus.values.enabled });
  });

  it('a duplicate phone is said beside the phone, and everything typed stays', async () => {
    const app = await openForXiaohong();
    const form = await openForm();
    // 李明's phone: the mock refuses a second pick-up person with it.
    await fillForm(form, { phone: '13912345678' });
    await userEvent.click(within(form).getByRole('button', { name: '确认添加' }));
    const phone = within(form).getByRole('textbox', { name: '手机号' });
    await waitFor(() => expect(phone).toHaveAccessibleDescription('手机号139****5678已是张小红的接送人，请勿重复添加'));
    expect(phone).toHaveFocus();
    expect(phone).toHaveValue('13912345678');
    expect(within(form).getByRole('textbox', { name: '姓名' })).toHaveValue('王芳');
    expect(within(form).getByRole('combobox', { name: '与孩子关系' })).toHaveDisplayValue('母亲');
    expect(within(form).getByRole('img', { name: '已上传的接送人照片' })).toBeInTheDocument();
    expect(app.ports.toastError).not.toHaveBeenCalled();
    expect(pickersOf(app.mock, XIAOHONG)).toHaveLength(2);
  });

  it('the limit reached meanwhile is said above the button and the list is asked again', async () => {
    const calls = recordPickerCalls();
    const app = await openForXiaohong();
    const form = await openForm();
    await fillForm(form);
    // Meanwhile 高秀兰 was added from another device: 张小红 has her three.
    await app.mock.db.pickers.create({
      id: 9,
      parent_id: 1,
      contact_id: XIAOHONG,
      name: '高秀兰',
      relation: guardianRelation.values.grandparent,
      phone: '18600007609',
      photo_url: 'avatar/picker-9.svg',
      status: pickerStatus.values.enabled,
      created_at: toIso(TEST_NOW),
    });
    const asked = calls.asked.length;
    await userEvent.click(within(form).getByRole('button', { name: '确认添加' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('每个孩子最多添加3位接送人');
    expect(within(form).getByRole('textbox', { name: '姓名' })).toHaveValue('王芳');
    await waitFor(() => expect(calls.asked.length).toBeGreaterThan(asked));
    await waitFor(() => expect(count()).toHaveTextContent('已添加 3/3 人'));
    expect(app.ports.toastError).not.toHaveBeenCalled();
    expect(pickersOf(app.mock, XIAOHONG).map((p) => p.name)).toEqual(['高建国', '李明', '高秀兰']);
  });

  it('取消 closes the form without sending', async () => {
    const calls = recordPickerCalls();
    await openForXiaohong();
    const form = await openForm();
    await userEvent.type(within(form).getByRole('textbox', { name: '姓名' }), '王芳');
    await userEvent.click(within(form).getByRole('button', { name: '取消' }));
    expect(screen.queryByRole('form', { name: /添加接送人/ })).toBeNull();
    expect(calls.created).toEqual([]);
  });
});
