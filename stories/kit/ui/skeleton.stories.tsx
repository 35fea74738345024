/** Skeletons: a data area held at its final size while its call is out. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Bone, SkeletonArea } from '#src/components/ui/skeleton.tsx';

const meta = {
  title: 'Kit/Skeleton',
  component: SkeletonArea,
  tags: ['busy'],
  args: {
    label: '订单加载中',
    children: (
      <div style={{ display: 'grid', gap: 8, width: 480 }}>
        <Bone height={20} width="60%" />
        <Bone height={14} />
        <Bone height={14} width="80%" />
      </div>
    ),
  },
} satisfies Meta<typeof SkeletonArea>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Says once what is loading; its bones are shapes only. */
export const Area: Story = {
  play: async ({ canvas }) => {
    const area = canvas.getByRole('status', { name: '订单加载中' });
    await expect(area).toHaveAttribute('aria-busy', 'true');
  },
};
export const Card: Story = {
  args: {
    label: '课程加载中',
    children: (
      <div style={{ width: 280, display: 'grid', gap: 8 }}>
        <Bone height={160} />
        <Bone height={18} width="70%" />
        <Bone height={14} width="40%" />
      </div>
    ),
  },
};
