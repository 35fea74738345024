import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { errorCodes } from '#contract/index';
import { fallbackMessages } from '../api/error-policy.ts';
import { ApiError } from '../api/outcome.ts';
import { compact, hasErrors, type Checked } from './field-errors.ts';
import { useForm } from './use-form.ts';

type Draft = { phone: string; code: string };

const check = ({ phone, code }: Draft): Checked<Draft, 'phone' | 'code'> => {
  const errors = compact({ phone: /^1\d{10}$/.test(phone) ? null : '请输入11位手机号', code: code === '' ? '请输入验证码' : null });
  return hasErrors(errors) ? { ok: false, errors } : { ok: true, body: { phone, code } };
};

function refusal(name: keyof typeof errorCodes, msg?: string) {
  const entry = errorCodes[name];
  return new ApiError('binding_phone_number', { kind: 'business', status: 200, code: entry.code, msg: msg ?? entry.message, data: null });
}

/** A labelled input with its message, as components/ui/field.tsx draws one (lib/ may not import it). */
function Input({ label, value, error, onChange }: { label: string; value: string; error?: string; onChange: (value: string) => void }) {
  const id = `field-${label}`;
  return (
    <p>
      <label htmlFor={id}>{label}</label>
      <input id={id} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
      {error && <span id={`${id}-error`}>{error}</span>}
    </p>
  );
}

type PhoneFormProps = {
  send: (body: Draft) => Promise<unknown>;
  rules?: (draft: Draft) => ReturnType<typeof check> | Promise<ReturnType<typeof check>>;
  load?: () => Promise<unknown>;
};

function PhoneForm({ send, rules = check, load }: PhoneFormProps) {
  const form = useForm({
    initial: { phone: '', code: '' },
    check: rules,
    rules: load,
    refusals: { labels: { phone: '手机号', code: '验证码' }, codes: { verifyCodeWrong: 'code' } },
    onSubmit: send,
  });
  return (
    <form {...form.formProps} aria-label="绑定">
      <Input label="手机号" value={form.draft.phone} error={form.errors.phone} onChange={(v) => form.set('phone', v)} />
      <Input label="验证码" value={form.draft.code} error={form.errors.code} onChange={(v) => form.set('code', v)} />
      {form.errors.form && <p role="alert">{form.errors.form}</p>}
      <button type="submit" aria-busy={form.busy || undefined}>
        绑定
      </button>
    </form>
  );
}

const box = (name: string) => screen.getByRole('textbox', { name });

describe('useForm', () => {
  it('takes a check that answers later (rules loaded when first used): the same messages, then the send', async () => {
    const send = vi.fn(async () => {});
    const later = (draft: Draft) => new Promise<ReturnType<typeof check>>((resolve) => setTimeout(() => resolve(check(draft)), 5));
    render(<PhoneForm send={send} rules={later} />);
    await userEvent.type(box('手机号'), '138');
    await userEvent.click(screen.getByRole('button', { name: '绑定' }));
    await waitFor(() => expect(box('手机号')).toHaveAccessibleDescription('请输入11位手机号'));
    expect(box('手机号')).toHaveFocus();
    await userEvent.type(box('手机号'), '00000000');
    await waitFor(() => expect(box('手机号')).not.toHaveAccessibleDescription());
    expect(box('验证码')).toHaveAccessibleDescription('请输入验证码');
    await userEvent.type(box('验证码'), '123456');
    await userEvent.click(screen.getByRole('button', { name: '绑定' }));
    await waitFor(() => expect(send).toHaveBeenCalledWith({ phone: '13800000000', code: '123456' }, expect.anything()));
  });

  it('starts loading its rules at the first touch, and is busy while a check waits (a second 提交 is ignored)', async () => {
    const send = vi.fn(async () => {});
    let loaded!: () => void;
    const rulesLoaded = new Promise<void>((resolve) => (loaded = resolve));
    const load = vi.fn(() => rulesLoaded);
    render(<PhoneForm send={send} load={load} rules={async (draft) => (await rulesLoaded, check(draft))} />);
    expect(load).not.toHaveBeenCalled();
    await userEvent.click(box('手机号'));
    expect(load).toHaveBeenCalled();
    await userEvent.type(box('手机号'), '13800000000');
    await userEvent.type(box('验证码'), '123456');
    const button = screen.getByRole('button', { name: '绑定' });
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    loaded();
    await waitFor(() => expect(button).not.toHaveAttribute('aria-busy'));
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('says so above the buttons when the check cannot load, and keeps what was typed', async () => {
    const send = vi.fn(async () => {});
    render(<PhoneForm send={send} rules={() => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))} />);
    await userEvent.type(box('手机号'), '13800000000');
    await userEvent.click(screen.getByRole('button', { name: '绑定' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(fallbackMessages.network);
    expect(box('手机号')).toHaveValue('13800000000');
    expect(send).not.toHaveBeenCalled();
  });

  it('judges nothing before the first submit; then messages follow what is typed, and the first wrong field takes the focus', async () => {
    const send = vi.fn(async () => {});
    render(<PhoneForm send={send} />);
    await userEvent.type(box('手机号'), '138');
    expect(box('手机号')).not.toHaveAccessibleDescription();

    await userEvent.click(screen.getByRole('button', { name: '绑定' }));
    expect(box('手机号')).toHaveAccessibleDescription('请输入11位手机号');
    expect(box('验证码')).toHaveAccessibleDescription('请输入验证码');
    expect(box('手机号')).toHaveFocus();
    expect(send).not.toHaveBeenCalled();

    await userEvent.type(box('手机号'), '0000');
    expect(box('手机号')).toHaveAccessibleDescription('请输入11位手机号');
    await userEvent.type(box('手机号'), '0000');
    expect(box('手机号')).not.toHaveAccessibleDescription();
  });

  it('puts a refusal beside its field (by code, or by the field a msg names), keeps what was typed, and sends once', async () => {
    const send = vi.fn().mockRejectedValueOnce(refusal('verifyCodeWrong')).mockRejectedValueOnce(refusal('invalidRequest', '手机号：该号码不能使用')).mockResolvedValue(undefined);
    render(<PhoneForm send={send} />);
    await userEvent.type(box('手机号'), '13800000000');
    await userEvent.type(box('验证码'), '123456');
    await userEvent.click(screen.getByRole('button', { name: '绑定' }));
    expect(await screen.findByText('验证码错误')).toBeInTheDocument();
    expect(box('验证码')).toHaveAccessibleDescription('验证码错误');
    expect(box('验证码')).toHaveFocus();
    expect(box('手机号')).toHaveValue('13800000000');
    expect(box('验证码')).toHaveValue('123456');

    await userEvent.click(screen.getByRole('button', { name: '绑定' }));
    expect(await screen.findByText('该号码不能使用')).toBeInTheDocument();
    expect(box('手机号')).toHaveAccessibleDescription('该号码不能使用');

    // Typing in a field takes its refusal back.
    await userEvent.type(box('手机号'), '{Backspace}1');
    expect(box('手机号')).not.toHaveAccessibleDescription();
    await userEvent.click(screen.getByRole('button', { name: '绑定' }));
    expect(send).toHaveBeenCalledTimes(3);
    expect(send).toHaveBeenLastCalledWith({ phone: '13800000001', code: '123456' }, { phone: '13800000001', code: '123456' });
  });

  it('says a refusal that concerns no field above the button', async () => {
    render(<PhoneForm send={() => Promise.reject(refusal('phoneTaken'))} />);
    await userEvent.type(box('手机号'), '13800000000');
    await userEvent.type(box('验证码'), '123456');
    await userEvent.click(screen.getByRole('button', { name: '绑定' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('该手机号已被其他账号绑定');
  });
});
