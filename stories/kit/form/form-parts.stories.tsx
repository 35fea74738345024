/** The end of every form: its refusal that names no field, its submit button (busy while it sends), other buttons. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState, type FormEvent, type ReactNode } from 'react';
import { expect } from 'storybook/test';
import { FormSubmit } from '#src/components/form/form-parts.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Field, TextInput } from '#src/components/ui/field.tsx';

const meta = {
  title: 'Form/FormSubmit',
  component: FormSubmit,
  args: { error: undefined, busy: false, label: '保存' },
} satisfies Meta<typeof FormSubmit>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Inside a form of its own, as a page has it (a submit never leaves the story). */
const inAForm = [(Story: () => ReactNode) => <form onSubmit={(e) => e.preventDefault()}>{Story()}</form>];

export const Ready: Story = { decorators: inAForm };
export const Busy: Story = { tags: ['busy'], decorators: inAForm, args: { busy: true, label: '提交中' } };
export const Refused: Story = {
  decorators: inAForm,
  args: { error: '该证件号码已添加过' },
  play: async ({ canvas }) => void (await expect(canvas.getByRole('alert')).toHaveTextContent('该证件号码已添加过')),
};
export const WithOtherButtons: Story = {
  decorators: inAForm,
  args: {
    children: (
      <Button variant="secondary" type="button">
        取消
      </Button>
    ),
  },
};

/** A form that sends, is refused, keeps what was typed, and goes through on the next try. */
function MailboxForm() {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<{ busy: boolean; error?: string; done?: boolean }>({ busy: false });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setState({ busy: true });
    setTimeout(() => setState(email.endsWith('.cn') ? { busy: false, done: true } : { busy: false, error: '该邮箱已被其他账号绑定' }), 50);
  };
  if (state.done) return <p role="status">邮箱已绑定：{email}</p>;
  return (
    <form onSubmit={submit} noValidate>
      <Field label="邮箱" required>
        {(props) => <TextInput {...props} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />}
      </Field>
      <FormSubmit error={state.error} busy={state.busy} label="绑定" />
    </form>
  );
}

export const RefusedThenThrough: Story = {
  render: () => <MailboxForm />,
  play: async ({ canvas, userEvent }) => {
    const email = canvas.getByRole('textbox', { name: '邮箱' });
    await userEvent.type(email, 'parent@example.com');
    await userEvent.click(canvas.getByRole('button', { name: '绑定' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('该邮箱已被其他账号绑定');
    await expect(email).toHaveValue('parent@example.com');
    await userEvent.clear(email);
    await userEvent.type(email, 'parent@example.cn');
    await userEvent.click(canvas.getByRole('button', { name: '绑定' }));
    await expect(await canvas.findByRole('status')).toHaveTextContent('邮箱已绑定：parent@example.cn');
  },
};
