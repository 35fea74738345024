/** The one anchor for an address the backend gives: a link only when it is one (decision 046). */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { BackendLink } from '#src/components/ui/backend-link.tsx';
import { WithProviders } from '../../support/story-mock.tsx';

const meta = {
  title: 'Kit/BackendLink',
  component: BackendLink,
  args: { href: 'https://www.example.org/about', children: '关于我们' },
  decorators: [(Story) => <WithProviders>{Story()}</WithProviders>],
} satisfies Meta<typeof BackendLink>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Another site: a new tab, no opener. */
export const OtherSite: Story = {
  play: async ({ canvas }) => {
    const link = canvas.getByRole('link', { name: '关于我们' });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  },
};
/** A path of the portal opens in the app. */
export const PortalPath: Story = {
  args: { href: '/patriarchFAQ', children: '家长问答' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: '家长问答' })).not.toHaveAttribute('target');
  },
};
/** A javascript: address is no link: the words show, unlinked. */
export const ScriptAddressIsText: Story = {
  args: { href: 'javascript:alert(1)', children: '活动详情' },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('link')).toBeNull();
    await expect(canvas.getByText('活动详情')).toBeVisible();
  },
};
export const WithFallback: Story = { args: { href: null, fallback: <em>暂无链接</em> } };
