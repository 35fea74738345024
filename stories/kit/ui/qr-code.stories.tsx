/** A QR code drawn in the page (the qrcode package), a grey square with its name while it is drawn. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { QrCode } from '#src/components/ui/qr-code.tsx';

const meta = {
  title: 'Kit/QrCode',
  component: QrCode,
  args: { text: 'weixin://wxpay/bizpayurl?pr=story0001', label: '微信支付二维码', size: 160 },
} satisfies Meta<typeof QrCode>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Drawn: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('img', { name: '微信支付二维码' }, { timeout: 5000 })).toHaveAttribute('src', expect.stringMatching(/^data:image\/png/));
  },
};
export const Small: Story = {
  args: { size: 96, label: '小程序码' },
  play: async ({ canvas }) => {
    await canvas.findByRole('img', { name: '小程序码' }, { timeout: 5000 });
  },
};
