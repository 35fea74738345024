/**
 * Every story at desktop and phone width against its committed baseline (decision 079): the whole
 * page, after the story's play function, compared pixel for pixel (playwright.config.ts here).
 *
 * VISUAL_WALK=sample (what `npm test` shoots): every story of the kit, the pieces, the chrome and
 * the foundations, and every fourth story of the pages and layouts in the index's order (a page
 * state costs about six times a component's picture); `npm run test:visual` and
 * `npm run test:release` walk them all.
 */
import { VIEWPORTS, expect, screenshotName, showStory, storiesOfBuild, test } from './walk.ts';

const PAGE_STRIDE = 4;
const isPage = (title: string) => /^(Pages|Layouts)(\/|$)/.test(title);
const all = storiesOfBuild();
const pages = all.filter((story) => isPage(story.title));
const stories = process.env.VISUAL_WALK === 'sample' ? all.filter((story) => !isPage(story.title) || pages.indexOf(story) % PAGE_STRIDE === 0) : all;

for (const viewport of Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[]) {
  test.describe(`at ${viewport} width`, () => {
    for (const story of stories) {
      test(`${story.title} / ${story.name}`, async ({ storybook }) => {
        await storybook.setViewportSize(VIEWPORTS[viewport]);
        await showStory(storybook, story.id);
        await expect(storybook).toHaveScreenshot(screenshotName(story.id, viewport), { fullPage: true });
      });
    }
  });
}
