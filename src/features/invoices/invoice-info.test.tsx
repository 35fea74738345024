import { screen, within } from '@testing-library/react';
import { invoiceStatus, invoiceTitleType } from '#contract/index';
import type { Row } from '#fixtures/records';
import { DAY, MINUTE, at } from '#fixtures/time';
import { addInvoice, enrol } from '#fixtures/world';
import { describe, expect, it } from 'vitest';
import { familyWorld, TEST_NOW } from '../../test/family-world.ts';
import { renderRoute, type World } from '../../test/render-route.tsx';

/** Builds the world now, so its ids are known before the first render (renderRoute still caches it). */
function builtNow(build: () => World): () => World {
  const made = build();
  return () => made;
}

/*
 * 张伟's orders:
 *  - sketch: 寒假素描速写营 (张小明), paid 20 days ago, no invoice yet: one may be asked;
 *  - english: 少儿英语进阶班 (张小明, ¥1,600), paid in August; an electronic invoice to 张伟
 *    (zhangwei@example.com) asked on 1 September 20:00, issued at 21:00;
 *  - latin: 拉丁舞基础班 (张小红), paid in August; a paper invoice to 北京星河科技有限公司 asked on
 *    10 September 21:00, issued at 22:00 and mailed the day after to 张伟 in 杭州;
 *  - go: 少儿围棋班 (张小红), paid in August without an invoice: the 90 days have passed;
 *  - clay: 少儿陶艺班, ordered ten minutes ago and not paid.
 */
let orders!: { sketch: number; english: Row<'orders'>; englishInvoice: Row<'invoices'>; latin: number; latinInvoice: Row<'invoices'> };
const world = builtNow(
  familyWorld((b) => {
    const august = at('2026-08-15', '10:05');
    const sketch = enrol(b, { parent: b.parent, child: b.xiaoming, klass: b.klass({ id: 3, name: '寒假素描速写营', fee: 1500 }), signedUpAt: TEST_NOW - 20 * DAY, outcome: 'paid' }).order!;
    const english = enrol(b, { parent: b.parent, child: b.xiaoming, klass: b.klass({ id: 4, name: '少儿英语进阶班', fee: 1600 }), signedUpAt: august, outcome: 'paid' }).order!;
    const englishInvoice = addInvoice(b, { order: english, appliedAt: at('2026-09-01', '20:00'), status: invoiceStatus.values.issued, title: '张伟', email: 'zhangwei@example.com' });
    const latin = enrol(b, { parent: b.parent, child: b.xiaohong, klass: b.klass({ id: 5, name: '拉丁舞基础班', fee: 2200 }), signedUpAt: august, outcome: 'paid' }).order!;
    const [address] = b.add(
      'mailInfos',
      b.f.mailInfo(b.parent.id, { receiver: '张伟', phone: '13800000000', province: '浙江省', city: '杭州市', district: '西湖区', address: '文三路100号', postcode: '310012' }),
    );
    const latinInvoice = addInvoice(b, {
      order: latin,
      appliedAt: at('2026-09-10', '21:00'),
      status: invoiceStatus.values.mailed,
      title_type: invoiceTitleType.values.company,
      title: '北京星河科技有限公司',
      tax_number: '91110108MA01XY2K3P',
      mailInfo: address,
    });
    enrol(b, { parent: b.parent, child: b.xiaohong, klass: b.klass({ id: 6, name: '少儿围棋班', fee: 1600 }), signedUpAt: august, outcome: 'paid' });
    enrol(b, { parent: b.parent, child: b.xiaohong, klass: b.klass({ id: 7, name: '少儿陶艺班', fee: 900 }), signedUpAt: TEST_NOW - 10 * MINUTE, outcome: 'unpaid' });
    orders = { sketch: sketch.id, english, englishInvoice, latin: latin.id, latinInvoice };
  }),
);

/** Only a cancelled order. */
const nothingPaid = familyWorld((b) => {
  enrol(b, { parent: b.parent, child: b.xiaoming, klass: b.klass({ id: 3, name: '少儿陶艺班', fee: 900 }), signedUpAt: TEST_NOW - 2 * DAY, outcome: 'cancelled' });
});

const rowOf = (className: string) => screen.getByRole('rowheader', { name: new RegExp(className) }).closest('tr')!;

describe('/personal/invoiceInfo 发票管理, the list', () => {
  it('lists the paid orders with their invoice state, 申请发票 where allowed and 查看发票 where there is one', async () => {
    await renderRoute('/personal/invoiceInfo', { world, as: 'zhangwei' });

    const fresh = (await screen.findByRole('rowheader', { name: /寒假素描速写营/ })).closest('tr')!;
    expect(await within(fresh).findByText('未申请')).toBeInTheDocument();
    expect(within(fresh).getByRole('link', { name: '申请发票' })).toHaveAttribute('href', `/personal/applyInvoice?id=${orders.sketch}`);
    expect(within(fresh).queryByRole('link', { name: '查看发票' })).toBeNull();

    const issued = rowOf('少儿英语进阶班');
    expect(await within(issued).findByText('已开票')).toBeInTheDocument();
    expect(within(issued).getByRole('link', { name: '查看发票' })).toHaveAttribute('href', `/personal/invoiceInfo?id=${orders.english.id}`);
    expect(within(issued).queryByRole('link', { name: '申请发票' })).toBeNull();

    const mailed = rowOf('拉丁舞基础班');
    expect(await within(mailed).findByText('已寄出')).toBeInTheDocument();
    expect(within(mailed).getByRole('link', { name: '查看发票' })).toHaveAttribute('href', `/personal/invoiceInfo?id=${orders.latin}`);

    const late = rowOf('少儿围棋班');
    expect(await within(late).findByText('不可申请')).toBeInTheDocument();
    expect(within(late).queryByRole('link')).toBeNull();

    expect(screen.queryByText('少儿陶艺班')).toBeNull();
  });

  it('says so when no order was paid', async () => {
    await renderRoute('/personal/invoiceInfo', { world: nothingPaid, as: 'zhangwei' });
    expect(await screen.findByText('暂无可开票的订单')).toBeInTheDocument();
  });
});

describe('/personal/invoiceInfo?id= one order’s invoice', () => {
  it('shows an issued e-invoice with its number, title, email, progress and the PDF', async () => {
    await renderRoute(`/personal/invoiceInfo?id=${orders.english.id}`, { world, as: 'zhangwei' });
    const invoiceNo = orders.englishInvoice.invoice_no!;
    expect(invoiceNo).toMatch(/^20260901\d{12}$/);
    const pdf = await screen.findByRole('link', { name: '下载电子发票（PDF）' });
    expect(pdf).toHaveAttribute('href', `/mock-oss/invoice/${invoiceNo}.pdf`);
    const facts = screen.getByRole('region', { name: '发票信息' });
    expect(within(facts).getByRole('link', { name: orders.english.order_no })).toHaveAttribute('href', `/personal/orderDetails?id=${orders.english.id}`);
    expect(within(facts).getByText(invoiceNo)).toBeInTheDocument();
    expect(within(facts).getByText('张伟')).toBeInTheDocument();
    expect(within(facts).getByText('zhangwei@example.com')).toBeInTheDocument();
    expect(within(facts).getByText('电子发票')).toBeInTheDocument();
    expect(screen.getByText('¥1,600.00')).toBeInTheDocument();
    const steps = screen.getByRole('list', { name: '开票进度' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['✓提交申请（已完成）2026-09-01 20:00', '✓开具发票（已完成）2026-09-01 21:00', '✓已开票（已完成）可下载电子发票']);
  });

  it('shows a mailed paper invoice for a company: tax number, address and express number, no PDF', async () => {
    await renderRoute(`/personal/invoiceInfo?id=${orders.latin}`, { world, as: 'zhangwei' });
    const expressNo = orders.latinInvoice.express_no!;
    // Mailed the day after it was issued (rules/after-sale-time.ts).
    expect(expressNo).toMatch(/^SF20260911\d{5}$/);
    const facts = await screen.findByRole('region', { name: '发票信息' });
    expect(within(facts).getByText('北京星河科技有限公司')).toBeInTheDocument();
    expect(within(facts).getByText('91110108MA01XY2K3P')).toBeInTheDocument();
    expect(within(facts).getByText('单位')).toBeInTheDocument();
    expect(within(facts).getByText('纸质发票（邮寄）')).toBeInTheDocument();
    expect(within(facts).getByText('张伟 13800000000，浙江省杭州市西湖区文三路100号')).toBeInTheDocument();
    expect(within(facts).getByText(expressNo)).toBeInTheDocument();
    expect(screen.getByText('已寄出', { selector: 'span[class*="status"]' })).toBeInTheDocument();
    expect(screen.getByText('¥2,200.00')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /下载电子发票/ })).toBeNull();
  });

  it('offers 申请发票 when the order has none yet', async () => {
    await renderRoute(`/personal/invoiceInfo?id=${orders.sketch}`, { world, as: 'zhangwei' });
    expect(await screen.findByText('该订单尚未申请发票')).toBeInTheDocument();
    expect(await screen.findByText('寒假素描速写营（张小明）可以申请发票。')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '申请发票' })).toHaveAttribute('href', `/personal/applyInvoice?id=${orders.sketch}`);
  });
});
