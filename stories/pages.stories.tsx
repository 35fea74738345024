/** The class card and the key page states of browsing, enrolling and paying, on the mock backend. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import '../src/styles/global.css';
import { admissionKind, classSignUpState } from '#contract/index';
import { presentClassCard, type ClassCard as Card } from '#mock/views/classes';
import { ClassCard } from '../src/components/classes/class-card.tsx';
import { AppAt, WithProviders, startStoryMock } from './support/story-mock.tsx';

const meta: Meta = { title: 'Pages', parameters: { layout: 'fullscreen' } };
export default meta;
type Story = StoryObj;

/** One card of each kind from the default scenario's catalogue, as the mock presents them. */
async function cardsOfEveryKind(msw: Parameters<typeof startStoryMock>[0]): Promise<Card[]> {
  const state = await startStoryMock(msw);
  const all = state.db.classes.all().map((row) => presentClassCard(state, row));
  const first = (test: (card: Card) => boolean) => all.find(test);
  return [
    first((c) => c.admission_kind === admissionKind.values.firstCome && c.sign_up_state === classSignUpState.values.open),
    first((c) => c.admission_kind === admissionKind.values.lottery),
    first((c) => c.admission_kind === admissionKind.values.interview),
    first((c) => c.sign_up_state === classSignUpState.values.full),
    first((c) => c.admission_kind === admissionKind.values.seckill),
    [...all].sort((a, b) => b.name.length - a.name.length)[0],
  ].filter((card): card is Card => card !== undefined);
}

let cards: Card[] = [];

export const ClassCards: Story = {
  beforeEach: async ({ msw }) => void (cards = await cardsOfEveryKind(msw)),
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
  // Its picture is the same page's in stories/pages/ (the visual check shoots it there).
  tags: ['no-visual'],
  beforeEach: async ({ msw }) => void (await startStoryMock(msw)),
  render: () => <AppAt path="/" />,
};

export const SearchWithResults: Story = {
  // Its picture is the same page's in stories/pages/ (the visual check shoots it there).
  tags: ['no-visual'],
  beforeEach: async ({ msw }) => void (await startStoryMock(msw)),
  render: () => <AppAt path="/searchHome?name=寒假" />,
};

export const SearchNothingFound: Story = {
  // Its picture is the same page's in stories/pages/ (the visual check shoots it there).
  tags: ['no-visual'],
  beforeEach: async ({ msw }) => void (await startStoryMock(msw)),
  render: () => <AppAt path="/searchHome?name=没有这个课程&age=3" />,
};

export const DetailsFullClass: Story = {
  // Its picture is the same page's in stories/pages/ (the visual check shoots it there).
  tags: ['no-visual'],
  beforeEach: async ({ msw }) => void (await startStoryMock(msw, { scenario: 'full-class', as: 'wujing' })),
  render: () => <AppAt path="/details?id=32" />,
};

export const DetailsSignedOut: Story = {
  beforeEach: async ({ msw }) => void (await startStoryMock(msw)),
  render: () => <AppAt path="/details?id=34" />,
};

export const AppointmentWithConflict: Story = {
  // Its picture is the same page's in stories/pages/ (the visual check shoots it there).
  tags: ['no-visual'],
  beforeEach: async ({ msw }) => void (await startStoryMock(msw, { scenario: 'time-conflict', as: 'zhenghao' })),
  render: () => <AppAt path="/appointment?id=34" />,
};

export const MyOrders: Story = {
  // Its picture is the same page's in stories/pages/ (the visual check shoots it there).
  tags: ['no-visual'],
  beforeEach: async ({ msw }) => void (await startStoryMock(msw, { as: 'gaoyan' })),
  render: () => <AppAt path="/personal/myOrder" />,
};
