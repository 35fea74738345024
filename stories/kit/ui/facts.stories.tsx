/** Term–definition facts: a bordered box of two columns (one on a phone), a bare list, a column, an outcome's facts. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Fact, FactBox, FactColumn, Facts, OutcomeFacts } from '#src/components/ui/facts.tsx';

const meta = {
  title: 'Kit/Facts',
  component: FactBox,
  args: { label: '订单信息', children: null },
} satisfies Meta<typeof FactBox>;
export default meta;
type Story = StoryObj<typeof meta>;

const rows = (
  <>
    <Fact term="订单编号">DD202601150001</Fact>
    <Fact term="下单时间">2026-01-15 10:23</Fact>
    <Fact term="上课孩子">李晓博</Fact>
    <Fact term="订单金额" amount>
      ¥1,280.00
    </Fact>
    <Fact term="上课地点" wide>
      少年儿童活动中心 本部 三楼 美术教室 302（地铁2号线活动中心站B口步行5分钟）
    </Fact>
  </>
);

export const Box: Story = { args: { children: rows } };
export const BareList: Story = { render: () => <Facts label="班级信息">{rows}</Facts> };
export const Column: Story = { render: () => <FactColumn>{rows}</FactColumn> };
export const Outcome: Story = {
  render: () => (
    <OutcomeFacts>
      <Fact term="支付金额" amount>
        ¥1,280.00
      </Fact>
      <Fact term="支付方式">微信支付</Fact>
    </OutcomeFacts>
  ),
};
