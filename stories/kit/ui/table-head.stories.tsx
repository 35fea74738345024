/** A data table's head: one column header per name. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { TableHead } from '#src/components/ui/table-head.tsx';

function OrderTable({ columns }: { columns: readonly string[] }) {
  return (
    <table style={{ width: '100%', borderCollapse: 'collapse', fontSize: 14 }}>
      <TableHead columns={columns} />
      <tbody>
        <tr>
          <td>少儿国画启蒙班</td>
          <td>¥1,280.00</td>
          <td>已支付</td>
          <td>查看</td>
        </tr>
      </tbody>
    </table>
  );
}

const meta = { title: 'Kit/TableHead', component: OrderTable, args: { columns: ['订单信息', '金额', '状态', '操作'] } } satisfies Meta<typeof OrderTable>;
export default meta;
type Story = StoryObj<typeof meta>;

export const OrderColumns: Story = {};
