/** The class pieces every list shows: the card (each kind of class), its badges, its skeletons, the countdown. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { admissionKind, classSignUpState } from '#contract/index';
import { presentClassCard, type ClassCard as Card } from '#mock/views/classes';
import { ClassBadges } from '#src/components/classes/class-badges.tsx';
import { ClassCardSkeletons } from '#src/components/classes/class-card-skeletons.tsx';
import { ClassCard } from '#src/components/classes/class-card.tsx';
import { OpeningCountdown } from '#src/components/classes/opening-countdown.tsx';
import { CoverImage } from '#src/components/classes/cover-image.tsx';
import { WithProviders, startStoryMock } from '../support/story-mock.tsx';

const meta: Meta = { title: 'Pieces/Classes', parameters: { layout: 'padded' } };
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

const grid = { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 280px))', gap: 20 } as const;

let cards: Card[] = [];

export const CardOfEveryKind: Story = {
  beforeEach: async ({ msw }) => void (cards = await cardsOfEveryKind(msw)),
  render: () => (
    <WithProviders>
      <div style={grid}>
        {cards.map((c) => (
          <ClassCard key={c.id} klass={c} />
        ))}
      </div>
    </WithProviders>
  ),
  play: async ({ canvas }) => void (await expect((await canvas.findAllByRole('heading', { level: 3 })).length).toBeGreaterThanOrEqual(5)),
};

/** A note under the card (a list's own line: why it is shown). */
export const CardWithNote: Story = {
  beforeEach: async ({ msw }) => void (cards = await cardsOfEveryKind(msw)),
  render: () => (
    <WithProviders>
      <div style={grid}>{cards[0] && <ClassCard klass={cards[0]} note="距报名截止还有2天" />}</div>
    </WithProviders>
  ),
};

export const Badges: Story = {
  beforeEach: async ({ msw }) => void (cards = await cardsOfEveryKind(msw)),
  render: () => (
    <ul style={{ display: 'grid', gap: 8, listStyle: 'none', padding: 0 }}>
      {cards.map((c) => (
        <li key={c.id}>
          <ClassBadges klass={c} />
        </li>
      ))}
    </ul>
  ),
};

export const Skeletons: Story = {
  tags: ['busy'],
  render: () => (
    <div style={grid}>
      <ClassCardSkeletons count={4} />
    </div>
  ),
};

/** Counting down to a 秒杀 opening (the clock is the mock's frozen one) and at zero. */
export const Countdown: Story = {
  beforeEach: async ({ msw }) => void (await startStoryMock(msw, { scenario: 'flash-sale-soon' })),
  render: () => (
    <WithProviders>
      <p>
        <OpeningCountdown startAt={new Date(Date.now() + 5 * 60_000 + 500).toISOString()} />
      </p>
      <p>
        <OpeningCountdown startAt="2000-01-01T00:00:00.000Z" />
      </p>
    </WithProviders>
  ),
  play: async ({ canvas }) => void (await expect(canvas.getAllByRole('timer')[1]).toHaveTextContent('即将开抢')),
};

export const Cover: Story = {
  render: () => <CoverImage src="/no-such-cover.png" alt="少儿国画启蒙班的封面" width={280} height={160} />,
};
