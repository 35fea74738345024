/**
 * Every story against its committed baseline (decision 079): a piece of the kit's own box, a page
 * state's first screen, after the story's play function, compared pixel for pixel
 * (playwright.config.ts here). A story tagged `no-visual` (its picture is another story's) is
 * skipped.
 *
 * What is shot, at ~17 MB for every picture of every story at both widths, is cut to keep a fresh
 * clone light (decision 079): every story of the kit, the form, the pieces, the chrome and the
 * foundations at both widths; every page state at phone width (where a page's layout breaks
 * first) and every third one, in the index's order, at desktop width. VISUAL_WALK=sample (what
 * `npm test` shoots) takes each of the former once, at the two widths in turn, and every fourth
 * page state of the latter (every twelfth at desktop); `npm run test:visual` and
 * `npm run test:release` walk them all.
 */
import { VIEWPORTS, expectShot, isPageStory, showStory, storiesOfBuild, storyTags, test } from './walk.ts';

type Viewport = keyof typeof VIEWPORTS;
/** Every n-th page state is shot at this width (1: all of them). */
const PAGE_STRIDE: Record<Viewport, number> = { phone: 1, desktop: 3 };
const SAMPLE_STRIDE = 4;
const sample = process.env.VISUAL_WALK === 'sample';
const all = storiesOfBuild();
const pages = all.filter((story) => isPageStory(story.title));
const pieces = all.filter((story) => !isPageStory(story.title));
const shotAt = (story: (typeof all)[number], viewport: Viewport) =>
  isPageStory(story.title)
    ? pages.indexOf(story) % (PAGE_STRIDE[viewport] * (sample ? SAMPLE_STRIDE : 1)) === 0
    : // The sample shoots each piece once, at the two widths in turn; the whole walk at both.
      !sample || pieces.indexOf(story) % 2 === (viewport === 'phone' ? 1 : 0);

for (const viewport of Object.keys(VIEWPORTS) as Viewport[]) {
  test.describe(`at ${viewport} width`, () => {
    for (const story of all.filter((candidate) => shotAt(candidate, viewport))) {
      test(`${story.title} / ${story.name}`, async ({ storybook }) => {
        test.skip((await storyTags(storybook, story.id)).includes('no-visual'), 'its picture is another story’s');
        await storybook.setViewportSize(VIEWPORTS[viewport]);
        await showStory(storybook, story.id, { isPage: isPageStory(story.title) });
        await expectShot(storybook, story, viewport);
      });
    }
  });
}
