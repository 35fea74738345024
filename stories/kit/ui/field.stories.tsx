/** A labelled field with its hint or its error, tied to the control for screen readers. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect } from 'storybook/test';
import { gender } from '#contract/index';
import { EnumOptions, Field, FieldName, Select, TextArea, TextInput } from '#src/components/ui/field.tsx';

const meta = {
  title: 'Kit/Field',
  component: Field,
  args: { label: '孩子姓名', required: true, hint: '与证件上的姓名一致', children: (props) => <TextInput {...props} placeholder="请输入孩子姓名" /> },
} satisfies Meta<typeof Field>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithHint: Story = {};
/** The error replaces the hint and is the control's description. */
export const WithError: Story = {
  args: { error: '请输入孩子姓名' },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: '孩子姓名' });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('请输入孩子姓名');
  },
};
export const Optional: Story = { args: { required: false, label: '备注', hint: undefined, children: (props) => <TextArea {...props} rows={3} /> } };
export const SelectOfEnum: Story = {
  args: {
    label: '性别',
    hint: undefined,
    children: (props) => (
      <Select {...props} defaultValue="">
        <EnumOptions of={gender} empty />
      </Select>
    ),
  },
};

function Validated() {
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const error = touched && value.trim() === '' ? '请输入手机号码' : touched && !/^1\d{10}$/.test(value) ? '手机号码应为11位数字' : null;
  return (
    <Field label="手机号码" required error={error} hint="用于接收报名通知">
      {(props) => <TextInput {...props} value={value} inputMode="numeric" autoComplete="tel" onChange={(e) => setValue(e.target.value)} onBlur={() => setTouched(true)} />}
    </Field>
  );
}

/** Typing: the field says what is wrong as it loses focus, and stops once the value is right. */
export const TypingAndFixing: Story = {
  render: () => <Validated />,
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: '手机号码' });
    await userEvent.type(input, '1380013');
    await userEvent.tab();
    await expect(await canvas.findByRole('alert')).toHaveTextContent('手机号码应为11位数字');
    await userEvent.type(input, '8000');
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(input).toHaveValue('13800138000');
  },
};
export const RequiredMark: Story = {
  render: () => (
    <p>
      <FieldName required>上课孩子</FieldName>
    </p>
  ),
};
