/** The class card and the key page states of browsing, enrolling and paying, on the mock backend. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import '../src/styles/global.css';
import { admissionKind, classSignUpState } from '#contract/index';
import { ClassCard } from '../src/features/classes/class-card.tsx';
import { sampleCard } from '../src/features/classes/test-samples.ts';
import { AppAt, WithProviders, startStoryMock } from './support/story-mock.tsx';

const meta: Meta = { title: 'Pages', parameters: { layout: 'fullscreen' } };
export default meta;
type Story = StoryObj;

const cards = [
  sampleCard({ id: 1, name: '少儿国画启蒙班', sign_up_state: classSignUpState.values.open, seats_left: 6 }),
  sampleCard({ id: 2, name: '钢琴精品小班（春季）', admission_kind: admissionKind.values.lottery, sign_up_state: classSignUpState.values.open }),
  sampleCard({ id: 3, name: '少儿合唱团（春季招新）', admission_kind: admissionKind.values.interview, sign_up_state: classSignUpState.values.notStarted }),
  sampleCard({ id: 4, name: '寒假机器人营（上午班）超长名称示例用于检查省略号', sign_up_state: classSignUpState.values.full, seats_left: 0 }),
  sampleCard({ id: 5, name: '寒假Scratch编程营（秒杀）', admission_kind: admissionKind.values.seckill, sign_up_state: classSignUpState.values.notStarted }),
];

export const ClassCards: Story = {
  beforeEach: async ({ msw }) => void (await startStoryMock(msw)),
  render: () => (
    <WithProviders>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(4, 280px)', gap: 20, padding: 24 }}>
        {cards.map((c) => (
          <ClassCard key={c.id} klass={c} />
        ))}
      </div>
    </WithProviders>
  ),
};

export const Home: Story = {
  beforeEach: async ({ msw }) => void (await startStoryMock(msw)),
  render: () => <AppAt path="/" />,
};

export const SearchWithResults: Story = {
  beforeEach: async ({ msw }) => void (await startStoryMock(msw)),
  render: () => <AppAt path="/searchHome?name=寒假" />,
};

export const SearchNothingFound: Story = {
  beforeEach: async ({ msw }) => void (await startStoryMock(msw)),
  render: () => <AppAt path="/searchHome?name=没有这个课程&age=3" />,
};

export const DetailsFullClass: Story = {
  beforeEach: async ({ msw }) => void (await startStoryMock(msw, { scenario: 'full-class', as: 'wujing' })),
  render: () => <AppAt path="/details?id=32" />,
};

export const DetailsSignedOut: Story = {
  beforeEach: async ({ msw }) => void (await startStoryMock(msw)),
  render: () => <AppAt path="/details?id=34" />,
};

export const AppointmentWithConflict: Story = {
  beforeEach: async ({ msw }) => void (await startStoryMock(msw, { scenario: 'time-conflict', as: 'zhenghao' })),
  render: () => <AppAt path="/appointment?id=34" />,
};

export const MyOrders: Story = {
  beforeEach: async ({ msw }) => void (await startStoryMock(msw, { as: 'gaoyan' })),
  render: () => <AppAt path="/personal/myOrder" />,
};
