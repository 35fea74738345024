/** The four layouts and the error pages, as whole pages of the app on the mock backend. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import '../src/styles/global.css';
import { AppAt, startStoryMock } from './support/story-mock.tsx';

const meta: Meta = { title: 'Layouts', parameters: { layout: 'fullscreen' } };
export default meta;
type Story = StoryObj;

export const DefaultLayoutSignedOut: Story = {
  // Its picture is the same page's in stories/pages/ (the visual check shoots it there).
  tags: ['no-visual'],
  beforeEach: async ({ msw }) => void (await startStoryMock(msw)),
  render: () => <AppAt path="/apply" />,
};

export const DefaultLayoutSignedIn: Story = {
  beforeEach: async ({ msw }) => void (await startStoryMock(msw, { as: 'gaoyan' })),
  render: () => <AppAt path="/patriarchFAQ" />,
};

export const DetailsLayout: Story = {
  beforeEach: async ({ msw }) => void (await startStoryMock(msw, { as: 'zhangwei', scenario: 'family' })),
  render: () => <AppAt path="/details?id=1" />,
};

export const PersonalLayout: Story = {
  beforeEach: async ({ msw }) => void (await startStoryMock(msw, { as: 'gaoyan' })),
  render: () => <AppAt path="/personal/myOrder" />,
};

export const EmptyLayoutLoginClose: Story = {
  // Its picture is the same page's in stories/pages/ (the visual check shoots it there).
  tags: ['no-visual'],
  beforeEach: async ({ msw }) => void (await startStoryMock(msw)),
  render: () => <AppAt path="/loginClose" />,
};

export const NotFound: Story = {
  // Its picture is the same page's in stories/pages/ (the visual check shoots it there).
  tags: ['no-visual'],
  beforeEach: async ({ msw }) => void (await startStoryMock(msw)),
  render: () => <AppAt path="/no/such/page" />,
};
