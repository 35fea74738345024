/**
 * A page of the app in one state a parent can meet, as a story: the whole app at an address, on
 * the mock over a named scenario, signed in as one of its parents or not, with the mock's own
 * faults on the calls the page makes (the same fault list QA sets through /__mock/faults). Its play
 * function waits until the state is reached and checks what it shows, so the story is a test
 * (decision 078) and the visual check shoots the state, not the way to it.
 */
import type { StoryObj } from '@storybook/react-vite';
import { errorCodes, type OperationId } from '#contract/index';
import type { MockState } from '#mock/core/state';
import { expect, waitFor, within } from 'storybook/test';
import { AppAt, startStoryMock, type StoryFault } from './story-mock.tsx';

type Canvas = ReturnType<typeof within>;
type PlayContext = Parameters<NonNullable<StoryObj['play']>>[0];

export interface PageState {
  /** The address, or how to find it in the scenario (a record's id). */
  path: string | ((mock: MockState) => string);
  scenario?: string;
  /** A parent of the scenario, signed in; none: signed out. */
  as?: string;
  faults?: StoryFault[];
  /** What the state shows once it is reached: a text or the page's level-1 heading. */
  shows?: string | RegExp | { heading: string | RegExp };
  /** A loading state: its busy areas stay (the tag `busy` tells the visual check). */
  loading?: boolean;
  /** More to do or check once the state is reached (clicks, typing). */
  then?: (context: PlayContext & { mock: () => MockState }) => Promise<void>;
  /** The phone's viewport in Storybook and in the Vitest run (the visual check shoots every story at both widths, so not this copy). */
  phone?: boolean;
  /**
   * The story whose picture this one ends on (a retried state ends as its page starts; a code whose
   * effect is to go home shows the home page): its play function checks the way there, the visual
   * check shoots the picture once, in that story.
   */
  sameAs?: string;
}

/** Nothing on the page still loading: no busy area, no page skeleton, no spinner. */
export async function settled(canvasElement: HTMLElement): Promise<void> {
  await waitFor(
    () => {
      expect(document.querySelector('[aria-busy="true"]'), 'something is still loading').toBeNull();
      expect(canvasElement.textContent?.trim(), 'the story shows no text').toBeTruthy();
    },
    { timeout: 10_000 },
  );
}

async function shows(canvas: Canvas, what: NonNullable<PageState['shows']>): Promise<void> {
  if (typeof what === 'object' && 'heading' in what) await expect(await canvas.findByRole('heading', { level: 1, name: what.heading }, { timeout: 10_000 })).toBeVisible();
  // Any of the matches, as long as one is visible (a closed menu may hold the same words).
  else
    await waitFor(
      () =>
        expect(
          canvas.getAllByText(what).some((element: HTMLElement) => element.checkVisibility()),
          `${String(what)} is shown`,
        ).toBe(true),
      { timeout: 10_000 },
    );
}

export function pageStory(state: PageState): StoryObj {
  let mock: MockState | null = null;
  let path = '/';
  return {
    tags: [...(state.loading ? ['busy'] : []), ...(state.phone || state.sameAs ? ['no-visual'] : [])],
    ...(state.phone ? { globals: { viewport: { value: 'phone', isRotated: false } } } : {}),
    parameters: { layout: 'fullscreen' },
    beforeEach: async ({ msw }) => {
      mock = await startStoryMock(msw, { scenario: state.scenario, as: state.as ?? null, faults: state.faults });
      path = typeof state.path === 'string' ? state.path : state.path(mock);
    },
    render: () => <AppAt path={path} />,
    play: async (context) => {
      const { canvas, canvasElement } = context;
      if (state.loading) await expect(await canvas.findAllByRole('status', { busy: true }, { timeout: 10_000 })).not.toHaveLength(0);
      else {
        if (state.shows) await shows(canvas, state.shows);
        await settled(canvasElement);
        await expect(canvasElement.textContent).not.toMatch(/出错了/);
      }
      await state.then?.(Object.assign(context, { mock: () => mock! }));
    },
  };
}

/** The answers of one call, every time, are spec §8's code `name` (with its HTTP status and message). */
export function refusing(operation: OperationId, name: keyof typeof errorCodes, times: number | null = null): StoryFault {
  const code = errorCodes[name];
  return { operation, status: code.http, error_code: code.code, msg: code.message, times };
}

/** The call never answers while the story is shown: its loading state. */
export const hanging = (operation: OperationId): StoryFault => ({ operation, hang: true });

/** Fails once (a 500000), then answers: the page's failed state and its 重新加载. */
export const failingOnce = (operation: OperationId): StoryFault => refusing(operation, 'serverError', 1);

/** Clicks 重新加载 in the failed area and waits for what the retry brings. */
export function retried(after: string | RegExp | { heading: string | RegExp }): PageState['then'] {
  return async ({ canvas, userEvent, canvasElement }) => {
    await userEvent.click((await canvas.findAllByRole('button', { name: '重新加载' }))[0]!);
    await shows(canvas, after);
    await settled(canvasElement);
    await expect(canvas.queryByRole('button', { name: '重新加载' })).toBeNull();
  };
}
