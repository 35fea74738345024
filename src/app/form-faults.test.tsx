/**
 * Forms under faults: a parent fills a form, and the call that sends it meets a failure of the
 * backend or the network. The page says what happened in Chinese, keeps every value typed, lets
 * the parent send again, and the second try goes through once the fault is gone.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { API_BASE_PATH, makeIdNumber, operations, type HttpMethod, type OperationId } from '#contract/index';
import { requestTimeout } from '../lib/api/api-client.ts';
import { HttpResponse, http, server } from '../test/api-server.ts';
import { familyWorld } from '../test/family-world.ts';
import { renderRoute, type TestWorld } from '../test/render-route.tsx';

const world = familyWorld();
const CJK = /[\u4e00-\u9fff]/;
const ENGLISH = /[A-Za-z]{2,}(?:\s+[A-Za-z]{2,})+/;
const box = (name: string | RegExp) => screen.getByRole('textbox', { name });

interface Form {
  path: string;
  world?: TestWorld;
  as?: string;
  operation: OperationId;
  submit: string;
  fill: () => Promise<void>;
  /** What the page shows once the form went through. */
  done: () => Promise<unknown>;
}

const FORMS: Form[] = [
  {
    path: '/personal/mailing',
    as: 'zhangwei',
    operation: 'creat_mail_info',
    submit: '保存地址',
    fill: async () => {
      await userEvent.type(await screen.findByRole('textbox', { name: /收件人/ }), '张伟');
      await userEvent.type(box(/手机号/), '13800000000');
      await userEvent.selectOptions(screen.getByRole('combobox', { name: /省份/ }), '北京市');
      await userEvent.type(box(/区县/), '西城区');
      await userEvent.type(box(/详细地址/), '平安里西大街1号');
    },
    done: () => screen.findByRole('region', { name: '当前邮寄地址' }),
  },
  {
    path: '/feedback',
    world: 'default',
    operation: 'opinion_feedback',
    submit: '提交反馈',
    fill: async () => {
      await userEvent.click(await screen.findByRole('radio', { name: '缴费问题' }));
      await userEvent.type(box(/问题描述/), '缴费页面的二维码一直加载不出来，请帮忙看看。');
      await userEvent.type(box('手机号'), '13800001111');
    },
    done: () => screen.findByRole('heading', { name: '感谢您的反馈' }),
  },
  {
    path: '/personal/contacts?add=1',
    as: 'zhangwei',
    operation: 'add_contact_information',
    submit: '添加',
    fill: async () => {
      await screen.findByRole('form', { name: '添加孩子' });
      await userEvent.type(box('孩子姓名'), '张小米');
      await userEvent.type(box('证件号码'), makeIdNumber('110105', '2020-09-15', 13));
      await userEvent.selectOptions(screen.getByRole('combobox', { name: '与孩子关系' }), '父亲');
      await userEvent.type(box('监护人手机号'), '13800001111');
    },
    done: () => screen.findByRole('list', { name: '孩子列表' }),
  },
];

interface Fault {
  name: string;
  handler?: () => Response | Promise<Response>;
  code?: { status: number; error_code: number; msg: string };
  timeoutMs?: number;
}

const FAULTS: Fault[] = [
  { name: 'a 500 without envelope', handler: () => new HttpResponse('Internal Server Error', { status: 500 }) },
  { name: 'a hang past the timeout', handler: () => new Promise<Response>(() => {}), timeoutMs: 40 },
  { name: 'a lost connection', handler: () => HttpResponse.error() },
  { name: '500000', code: { status: 500, error_code: 500000, msg: '服务器开小差了，请稍后再试' } },
  { name: 'a refusal on 200', code: { status: 200, error_code: 300999, msg: '提交过于频繁，请稍后再试' } },
];

/** Every control's value (text, choice, checked) in the page, to compare before and after. */
function values(): string[] {
  return [...document.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>('main input, main select, main textarea')].map((el) =>
    el instanceof HTMLInputElement && (el.type === 'radio' || el.type === 'checkbox') ? `${el.name}:${el.value}:${el.checked}` : `${el.name || el.id}:${el.value}`,
  );
}

/** What the parent reads after the failure: toasts and the page's alerts and field messages. */
function messages(app: Awaited<ReturnType<typeof renderRoute>>): string[] {
  const toasts = (app.ports.toastError.mock.calls as [string][]).map(([m]) => m);
  const alerts = screen.queryAllByRole('alert').map((el) => el.textContent ?? '');
  return [...toasts, ...alerts].filter((text) => text.trim() !== '');
}

describe('forms under faults', () => {
  const cases = FORMS.flatMap((form) => FAULTS.map((fault) => [form.operation, fault.name, form, fault] as const));
  it.each(cases)('%s under %s: says so in Chinese, keeps what was typed, and sends again', async (_op, _fault, form, fault) => {
    const op = operations[form.operation];
    const app = await renderRoute(form.path, { world: form.world ?? world, as: form.as });
    await form.fill();
    const typed = values();
    let sent = 0;
    const url = `*${API_BASE_PATH}${op.path.replace(/\{(\w+)\}/g, ':$1')}`;
    const method = op.method.toLowerCase() as Lowercase<HttpMethod>;
    server.use(http[method](url, () => void (sent += 1)));
    if (fault.handler) server.use(http[method](url, fault.handler));
    if (fault.code) app.mock.faults.add([{ operation: form.operation, ...fault.code, times: 1 }]);
    requestTimeout.ms = fault.timeoutMs ?? 20_000;

    await userEvent.click(screen.getByRole('button', { name: form.submit }));
    await waitFor(() => expect(messages(app)).not.toEqual([]));
    for (const text of messages(app)) {
      expect(text).toMatch(CJK);
      expect(text).not.toMatch(ENGLISH);
    }
    await waitFor(() => expect(screen.getByRole('button', { name: form.submit })).toBeEnabled());
    expect(values()).toEqual(typed);

    // The fault is gone: the same values go through, once.
    server.resetHandlers();
    server.use(http[method](url, () => void (sent += 1)));
    requestTimeout.ms = 20_000;
    const before = sent;
    await userEvent.click(screen.getByRole('button', { name: form.submit }));
    expect(await form.done()).toBeInTheDocument();
    expect(sent - before).toBe(1);
  });
});
