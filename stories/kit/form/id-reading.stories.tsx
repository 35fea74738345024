/** What an ID number tells, beside its field as it is typed: typing, wrong, and read. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect } from 'storybook/test';
import { IdFacts, idFieldState } from '#src/components/form/id-reading.tsx';
import { Field, TextInput } from '#src/components/ui/field.tsx';
import { readIdLive } from '#src/lib/id-reading.ts';

/** The story's today, so the age it reads stays the same in every year's screenshot. */
const TODAY = '2026-01-15';

function IdField({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  const state = idFieldState(readIdLive(value, TODAY), undefined, '填写后自动读出出生日期、年龄和性别');
  return (
    <Field label="身份证号码" required error={state.error} hint={state.hint}>
      {(props) => <TextInput {...props} value={value} maxLength={18} autoComplete="off" onChange={(e) => setValue(e.target.value)} />}
    </Field>
  );
}

const meta = { title: 'Form/IdReading', component: IdField } satisfies Meta<typeof IdField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Typing: Story = { args: { initial: '1101012019' } };
export const Read: Story = { args: { initial: '110101201903080039' } };
export const WrongCheckDigit: Story = { args: { initial: '110101201903080038' } };
/** Typed digit by digit: a count while typing, then birth date, age and sex. */
export const TypedThrough: Story = {
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: '身份证号码' });
    await userEvent.type(input, '11010120190308');
    await expect(canvas.getByText('身份证号码为18位，已输入14位')).toBeVisible();
    await userEvent.type(input, '0039');
    const facts = await canvas.findByTestId('id-facts');
    await expect(facts).toHaveTextContent('出生日期 2019-03-08');
    await expect(facts).toHaveTextContent('年龄 6岁');
    await expect(facts).toHaveTextContent('性别 男');
  },
};
export const FactsAlone: Story = { render: () => <IdFacts birthDate="2017-06-11" gender={2} age={8} /> };
