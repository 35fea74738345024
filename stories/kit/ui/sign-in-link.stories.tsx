/**
 * A sign-in control (decision 090): a link to /login, to come back to the page it is on (its path
 * and query), or to the page it names. Drawn as a button or a text link by the class it is given.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router-dom';
import { expect } from 'storybook/test';
import { buttonLook } from '#src/components/ui/button.tsx';
import { SignInLink } from '#src/components/ui/sign-in-link.tsx';

const meta = {
  title: 'Kit/SignInLink',
  component: SignInLink,
  args: { children: '登录后报名', className: buttonLook('primary', 'lg') },
  render: (args) => (
    <MemoryRouter initialEntries={['/details?id=3']}>
      <SignInLink {...args} />
    </MemoryRouter>
  ),
} satisfies Meta<typeof SignInLink>;
export default meta;
type Story = StoryObj<typeof meta>;

const from = (link: HTMLElement) => new URL(link.getAttribute('href')!, 'https://portal.invalid').searchParams.get('from');

export const ThisPage: Story = {
  play: async ({ canvas }) => {
    const link = canvas.getByRole('link', { name: '登录后报名' });
    await expect(new URL(link.getAttribute('href')!, 'https://portal.invalid').pathname).toBe('/login');
    await expect(from(link)).toBe('/details?id=3');
  },
};

export const NamedPage: Story = {
  args: { children: '重新登录', from: '/apply' },
  play: async ({ canvas }) => void (await expect(from(canvas.getByRole('link', { name: '重新登录' }))).toBe('/apply')),
};

export const AsTextLink: Story = {
  args: { children: '先登录', className: buttonLook('link') },
  play: async ({ canvas }) => void (await expect(canvas.getByRole('link', { name: '先登录' })).toBeVisible()),
};
