/** The center's mark and name, linking home. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { SiteLogo } from '#src/components/ui/site-logo.tsx';
import { WithProviders } from '../../support/story-mock.tsx';

const meta = {
  title: 'Kit/SiteLogo',
  component: SiteLogo,
  decorators: [(Story) => <WithProviders>{Story()}</WithProviders>],
} satisfies Meta<typeof SiteLogo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Full: Story = {};
export const Compact: Story = { args: { compact: true } };
export const Named: Story = { args: { named: true } };
