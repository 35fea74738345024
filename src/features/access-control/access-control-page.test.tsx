import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorCodes, guardianRelation, pickerStatus } from '#contract/index';
import { clearChild, selectChild } from '../../stores/child-store.ts';
import { clearSession, signIn } from '../../stores/session-store.ts';
import { resetToastStore, toastStore } from '../../stores/toast-store.ts';
import { fail, http, ok, server } from '../../test/api-server.ts';
import { chromeHandlers, chromeUrl } from '../../test/chrome-data.ts';
import { renderApp } from '../../test/render-app.tsx';

// The first test loads the route's modules and forms are typed key by key: slow on a busy machine.
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

interface Picker {
  id: number;
  contact_id: number;
  name: string;
  relation: 1 | 2 | 3 | 4;
  phone: string;
  photo_url: string;
  status: 1 | 2;
  created_at: string;
}

const picker = (id: number, contactId: number, name: string, relation: Picker['relation'], status: Picker['status'] = pickerStatus.values.enabled): Picker => ({
  id,
  contact_id: contactId,
  name,
  relation,
  phone: `186****76${String(id).padStart(2, '0')}`,
  photo_url: `avatar/picker-${id}.svg`,
  status,
  created_at: '2026-11-15T10:00:00+08:00',
});

let pickers: Picker[] = [];
let asked: string[] = [];
let operated: { id: string; body: unknown }[] = [];
let created: unknown[] = [];
// jsdom's File does not survive into the Node fetch that msw sees: the handler only counts uploads.
let uploads = 0;

beforeEach(() => {
  pickers = [picker(1, 6, '高建国', guardianRelation.values.grandparent), picker(2, 6, '李明', guardianRelation.values.father), picker(3, 5, '王芳', guardianRelation.values.mother)];
  asked = [];
  operated = [];
  created = [];
  uploads = 0;
  signIn({ clientId: 'c-1', accessToken: 't-1', userId: 42 });
  server.use(
    ...chromeHandlers(),
    http.get(chromeUrl('get_access_control_info/:id'), ({ params }) => {
      asked.push(String(params.id));
      return ok({ list: pickers.filter((p) => String(p.contact_id) === params.id), limit: 3 });
    }),
    http.put(chromeUrl('access_control_info_operate/:id'), async ({ params, request }) => {
      const body = (await request.json()) as { operate: string };
      operated.push({ id: String(params.id), body });
      if (body.operate === 'delete') pickers = pickers.filter((p) => String(p.id) !== params.id);
      else pickers = pickers.map((p) => (String(p.id) === params.id ? { ...p, status: body.operate === 'enable' ? 1 : 2 } : p));
      return ok(null);
    }),
    http.post(chromeUrl('upload'), () => ok({ url: `upload/${++uploads}.png` })),
    http.post(chromeUrl('creat_access_control_info'), async ({ request }) => {
      const body = (await request.json()) as Omit<Picker, 'id' | 'status' | 'created_at'>;
      created.push(body);
      const id = 10 + created.length;
      pickers.push({ ...body, id, phone: `${body.phone.slice(0, 3)}****${body.phone.slice(7)}`, status: 1, created_at: '2026-12-05T10:00:00+08:00' });
      return ok({ id });
    }),
  );
});
afterEach(() => {
  clearSession();
  clearChild();
  resetToastStore();
});

const cards = () => screen.findByRole('list', { name: /的接送人$/ });
const card = (name: string) => within(screen.getByRole('list', { name: /的接送人$/ })).getByRole('article', { name });
const png = (name = 'face.png', bytes = 64) => new File([new Uint8Array(bytes).fill(137)], name, { type: 'image/png' });
const count = () => screen.getByText((_, el) => el?.tagName === 'P' && /^已添加 \d+\/\d+ 人/.test(el.textContent ?? ''));
const toasts = () => toastStore.toasts.map((t) => [t.kind, t.message]);

async function openForm() {
  await cards();
  await userEvent.click(screen.getByRole('button', { name: '添加接送人' }));
  return screen.getByRole('form', { name: /添加接送人/ });
}

async function fillForm(form: HTMLElement, values: { name?: string; relation?: string; phone?: string; photo?: File } = {}) {
  await userEvent.type(within(form).getByRole('textbox', { name: '姓名' }), values.name ?? '王芳');
  await userEvent.selectOptions(within(form).getByRole('combobox', { name: '与孩子关系' }), values.relation ?? '母亲');
  await userEvent.type(within(form).getByRole('textbox', { name: '手机号' }), values.phone ?? '13912345678');
  await userEvent.upload(within(form).getByLabelText(/正面照片/), values.photo ?? png());
  await within(form).findByRole('img', { name: '已上传的接送人照片' });
}

describe('接送人管理: choosing the child', () => {
  it('starts with the selected child and switches to another, keeping the choice in the address', async () => {
    selectChild(6);
    const app = renderApp('/personal/accessControl');
    const group = await screen.findByRole('radiogroup', { name: '选择孩子' });
    expect(within(group).getByRole('radio', { name: /张小红/ })).toBeChecked();
    expect(await screen.findByRole('heading', { name: '张小红的接送人' })).toBeInTheDocument();
    expect(asked).toEqual(['6']);
    await userEvent.click(within(group).getByRole('radio', { name: /张小明/ }));
    expect(await screen.findByRole('heading', { name: '张小明的接送人' })).toBeInTheDocument();
    expect(within(await cards()).getByRole('article', { name: '王芳' })).toBeInTheDocument();
    expect(app.location()).toBe('/personal/accessControl?child=5');
    expect(asked).toContain('5');
  });

  it('without a selected child, starts with the first', async () => {
    renderApp('/personal/accessControl');
    expect(await screen.findByRole('heading', { name: '张小明的接送人' })).toBeInTheDocument();
  });

  it('a parent with no passed child is sent to add one', async () => {
    server.use(...chromeHandlers({ kids: [] }));
    renderApp('/personal/accessControl');
    expect(await screen.findByText('还没有通过审核的孩子')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去添加孩子' })).toHaveAttribute('href', '/personal/contacts');
    expect(asked).toEqual([]);
  });
});

describe('接送人管理: the pick-up people', () => {
  beforeEach(() => selectChild(6));

  it('shows each with photo, relation, masked phone and status, and the count against the limit', async () => {
    renderApp('/personal/accessControl');
    const list = await cards();
    expect(within(list).getAllByRole('article')).toHaveLength(2);
    const grandpa = card('高建国');
    expect(within(grandpa).getByRole('img', { name: '高建国的照片' })).toHaveAttribute('src', '/mock-oss/avatar/picker-1.svg');
    expect(grandpa).toHaveTextContent('祖父母/外祖父母');
    expect(grandpa).toHaveTextContent('186****7601');
    expect(grandpa).toHaveTextContent('已启用');
    expect(count()).toHaveTextContent('已添加 2/3 人');
    expect(screen.getByRole('button', { name: '添加接送人' })).toBeEnabled();
  });

  it('停用 sends disable, then the card reads 已停用 and offers 启用', async () => {
    renderApp('/personal/accessControl');
    await cards();
    await userEvent.click(within(card('李明')).getByRole('button', { name: '停用接送人李明' }));
    expect(operated).toEqual([{ id: '2', body: { operate: 'disable' } }]);
    expect(await within(card('李明')).findByText('已停用')).toBeInTheDocument();
    expect(toasts()).toContainEqual(['succeed', '已停用接送人李明']);
    await userEvent.click(within(card('李明')).getByRole('button', { name: '启用接送人李明' }));
    expect(await within(card('李明')).findByText('已启用')).toBeInTheDocument();
    expect(operated.at(-1)).toEqual({ id: '2', body: { operate: 'enable' } });
  });

  it('删除 asks first; 取消 sends nothing, 删除 removes the card', async () => {
    renderApp('/personal/accessControl');
    await cards();
    await userEvent.click(within(card('高建国')).getByRole('button', { name: '删除接送人高建国' }));
    let dialog = screen.getByRole('dialog', { name: '删除接送人' });
    expect(dialog).toHaveTextContent('确定删除接送人“高建国”吗？');
    await userEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(operated).toEqual([]);
    expect(card('高建国')).toBeInTheDocument();

    await userEvent.click(within(card('高建国')).getByRole('button', { name: '删除接送人高建国' }));
    dialog = screen.getByRole('dialog', { name: '删除接送人' });
    await userEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    expect(operated).toEqual([{ id: '1', body: { operate: 'delete' } }]);
    await waitFor(() => expect(within(screen.getByRole('list', { name: /的接送人$/ })).queryByRole('article', { name: '高建国' })).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toasts()).toContainEqual(['succeed', '已删除接送人高建国']);
    expect(count()).toHaveTextContent('已添加 1/3 人');
  });

  it('at the limit, 添加接送人 is disabled and says why', async () => {
    pickers.push(picker(4, 6, '高秀兰', guardianRelation.values.grandparent, pickerStatus.values.disabled));
    renderApp('/personal/accessControl');
    await cards();
    expect(count()).toHaveTextContent('已添加 3/3 人');
    const add = screen.getByRole('button', { name: '添加接送人' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription('已达上限，每个孩子最多3位接送人；如需更换，请先删除一位。');
  });
});

describe('接送人管理: adding one', () => {
  beforeEach(() => selectChild(6));

  it('checks the form with the contract before sending anything', async () => {
    renderApp('/personal/accessControl');
    const form = await openForm();
    expect(within(form).getByRole('textbox', { name: '姓名' })).toHaveFocus();
    await userEvent.click(within(form).getByRole('button', { name: '确认添加' }));
    expect(within(form).getByRole('textbox', { name: '姓名' })).toHaveAccessibleDescription('请输入接送人姓名');
    expect(within(form).getByRole('combobox', { name: '与孩子关系' })).toHaveAccessibleDescription('请选择与孩子关系');
    expect(within(form).getByRole('textbox', { name: '手机号' })).toHaveAccessibleDescription('请输入正确的11位手机号');
    expect(within(form).getByText('请上传接送人正面照片')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: '姓名' })).toHaveFocus();
    expect(created).toEqual([]);
    // The message goes as soon as the field is right.
    await userEvent.type(within(form).getByRole('textbox', { name: '手机号' }), '13912345678');
    expect(within(form).getByRole('textbox', { name: '手机号' })).not.toHaveAccessibleDescription('请输入正确的11位手机号');
  });

  it('refuses a photo of another type or over 5MB before uploading it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderApp('/personal/accessControl');
    const form = await openForm();
    const input = within(form).getByLabelText(/正面照片/);
    await user.upload(input, new File(['GIF89a'], 'face.gif', { type: 'image/gif' }));
    expect(await within(form).findByText('仅支持 JPG、PNG、WEBP 格式的照片')).toBeInTheDocument();
    await user.upload(input, png('big.png', 5 * 1024 * 1024 + 1));
    expect(await within(form).findByText('照片不能超过5MB，请压缩后再上传')).toBeInTheDocument();
    expect(uploads).toBe(0);
    await user.upload(input, png());
    expect(await within(form).findByRole('img', { name: '已上传的接送人照片' })).toHaveAttribute('src', '/mock-oss/upload/1.png');
    expect(uploads).toBe(1);
    expect(within(form).queryByText('照片不能超过5MB，请压缩后再上传')).toBeNull();
    expect(within(form).getByLabelText(/正面照片/)).toHaveAccessibleName('正面照片：更换照片');
  });

  it('sends the person for the chosen child, then lists them and closes the form', async () => {
    renderApp('/personal/accessControl');
    const form = await openForm();
    await fillForm(form);
    await userEvent.click(within(form).getByRole('button', { name: '确认添加' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: /添加接送人/ })).toBeNull());
    expect(created).toEqual([{ contact_id: 6, name: '王芳', relation: guardianRelation.values.mother, phone: '13912345678', photo_url: 'upload/1.png' }]);
    expect(card('王芳')).toHaveTextContent('139****5678');
    expect(count()).toHaveTextContent('已添加 3/3 人');
    expect(screen.getByRole('button', { name: '添加接送人' })).toBeDisabled();
    expect(toasts()).toContainEqual(['succeed', '已添加接送人王芳']);
    expect(screen.getByRole('heading', { name: '张小红的接送人' })).toHaveFocus();
  });

  it('a duplicate phone is said beside the phone, and everything typed stays', async () => {
    server.use(
      http.post(chromeUrl('creat_access_control_info'), () => fail(200, errorCodes.pickerDuplicate.code, '手机号139****5678已是张小红的接送人，请勿重复添加')),
    );
    const app = renderApp('/personal/accessControl');
    const form = await openForm();
    await fillForm(form);
    await userEvent.click(within(form).getByRole('button', { name: '确认添加' }));
    const phone = within(form).getByRole('textbox', { name: '手机号' });
    await waitFor(() => expect(phone).toHaveAccessibleDescription('手机号139****5678已是张小红的接送人，请勿重复添加'));
    expect(phone).toHaveFocus();
    expect(phone).toHaveValue('13912345678');
    expect(within(form).getByRole('textbox', { name: '姓名' })).toHaveValue('王芳');
    expect(within(form).getByRole('combobox', { name: '与孩子关系' })).toHaveDisplayValue('母亲');
    expect(within(form).getByRole('img', { name: '已上传的接送人照片' })).toBeInTheDocument();
    expect(app.ports.toastError).not.toHaveBeenCalled();
  });

  it('the limit reached meanwhile is said above the button and the list is asked again', async () => {
    server.use(
      http.post(chromeUrl('creat_access_control_info'), () => {
        pickers.push(picker(9, 6, '高秀兰', guardianRelation.values.grandparent));
        return fail(200, errorCodes.pickerLimit.code, '每个孩子最多添加3位接送人');
      }),
    );
    const app = renderApp('/personal/accessControl');
    const form = await openForm();
    await fillForm(form);
    await userEvent.click(within(form).getByRole('button', { name: '确认添加' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('每个孩子最多添加3位接送人');
    expect(within(form).getByRole('textbox', { name: '姓名' })).toHaveValue('王芳');
    await waitFor(() => expect(count()).toHaveTextContent('已添加 3/3 人'));
    expect(app.ports.toastError).not.toHaveBeenCalled();
  });

  it('取消 closes the form without sending', async () => {
    renderApp('/personal/accessControl');
    const form = await openForm();
    await userEvent.type(within(form).getByRole('textbox', { name: '姓名' }), '王芳');
    await userEvent.click(within(form).getByRole('button', { name: '取消' }));
    expect(screen.queryByRole('form', { name: /添加接送人/ })).toBeNull();
    expect(created).toEqual([]);
  });
});
