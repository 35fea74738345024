import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { asFen } from '#contract/index';
import { OrderFacts, type OrderDetail } from '#src/components/orders/order-facts.tsx';
import { Fact, FactBox } from './facts.tsx';

/** The facts as a reader hears them: each term with its definition. */
function pairs(region: HTMLElement) {
  return within(region)
    .getAllByRole('term')
    .map((term) => `${term.textContent}：${term.nextElementSibling?.textContent}`);
}

describe('facts', () => {
  it('a box is a region named by its label, each fact a term and its definition', () => {
    render(
      <FactBox label="退费信息">
        <Fact term="课程">少儿街舞</Fact>
        <Fact term="退费原因" wide>
          时间冲突
        </Fact>
      </FactBox>,
    );
    expect(pairs(screen.getByRole('region', { name: '退费信息' }))).toEqual(['课程：少儿街舞', '退费原因：时间冲突']);
  });

  it("an order's facts use the same terms in the same order on every page, with the rows each asks for", () => {
    const order = {
      id: 7,
      class_name: '少儿街舞寒假班',
      contact_name: '张小明',
      class_schedule: '周六 09:00-10:30',
      class_term: '2027年寒假',
      class_address: '本部 301',
      order_no: 'D202611270001',
      created_at: '2026-11-27T10:00:00+08:00',
      pay_time: '2026-11-27T10:05:00+08:00',
      status: 2,
      amount: asFen(180000),
    } as unknown as OrderDetail;
    const { unmount } = render(<OrderFacts order={order} schedule created />, { wrapper: MemoryRouter });
    expect(pairs(screen.getByRole('region', { name: '订单信息' }))).toEqual([
      '课程：少儿街舞寒假班',
      '报名孩子：张小明',
      '上课安排：周六 09:00-10:30（2027年寒假），本部 301',
      '订单号：D202611270001',
      '下单时间：2026-11-27 10:00',
      '订单金额：¥1,800.00',
    ]);
    unmount();
    render(<OrderFacts order={order} linked paid amount={{ term: '开票金额', value: asFen(150000) }} />, { wrapper: MemoryRouter });
    const region = screen.getByRole('region', { name: '订单信息' });
    expect(pairs(region)).toEqual(['课程：少儿街舞寒假班', '报名孩子：张小明', '订单号：D202611270001', '支付时间：2026-11-27 10:05', '开票金额：¥1,500.00']);
    expect(within(region).getByRole('link', { name: 'D202611270001' })).toHaveAttribute('href', '/personal/orderDetails?id=7');
  });
});
