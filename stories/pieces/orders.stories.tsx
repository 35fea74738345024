/** An order's facts and a saved mailing address, as the payment, invoice and refund pages show them. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { orderStatus } from '#contract/index';
import { presentOrderDetail } from '#mock/views/orders';
import { MailInfoCard } from '#src/components/mailing/mail-info-card.tsx';
import { OrderFacts, type OrderDetail } from '#src/components/orders/order-facts.tsx';
import { WithProviders, startStoryMock } from '../support/story-mock.tsx';

const meta: Meta = { title: 'Pieces/Orders' };
export default meta;
type Story = StoryObj;

let order: OrderDetail | null = null;

/** gaoyan's first paid order in the default scenario, as order_detail answers it. */
async function paidOrder(msw: Parameters<typeof startStoryMock>[0]): Promise<OrderDetail> {
  const state = await startStoryMock(msw);
  const gaoyan = state.db.parents.findFirst((q) => q.where({ username: 'gaoyan' }), { strict: true });
  const row = state.db.orders.all().find((o) => o.parent_id === gaoyan.id && o.status === orderStatus.values.paid)!;
  return presentOrderDetail(state, row) as OrderDetail;
}

export const FactsShort: Story = {
  beforeEach: async ({ msw }) => void (order = await paidOrder(msw)),
  render: () => <WithProviders>{order && <OrderFacts order={order} />}</WithProviders>,
};
export const FactsInFull: Story = {
  beforeEach: async ({ msw }) => void (order = await paidOrder(msw)),
  render: () => <WithProviders>{order && <OrderFacts order={order} schedule linked created paid status />}</WithProviders>,
};

export const MailingAddress: Story = {
  render: () => (
    <MailInfoCard mailInfo={{ receiver: '高燕', phone: '13800138000', province: '北京市', city: '北京市', district: '东城区', address: '东长安街1号 少年儿童活动中心 收发室', postcode: '100010' }} />
  ),
};
export const MailingAddressNoPostcode: Story = {
  render: () => (
    <MailInfoCard label="发票邮寄地址" mailInfo={{ receiver: '高燕', phone: '13800138000', province: '广东省', city: '深圳市', district: '南山区', address: '科技园南路88号', postcode: '' }} />
  ),
};
