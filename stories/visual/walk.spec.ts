/**
 * Every story at desktop and phone width against its committed baseline (decision 078): the whole
 * page, after the story's play function, compared pixel for pixel (playwright.config.ts here).
 */
import { VIEWPORTS, expect, screenshotName, showStory, storiesOfBuild, test } from './walk.ts';

const stories = storiesOfBuild();

for (const viewport of Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[]) {
  test.describe(`at ${viewport} width`, () => {
    for (const story of stories) {
      test(`${story.title} / ${story.name}`, async ({ storybook }) => {
        await storybook.setViewportSize(VIEWPORTS[viewport]);
        await showStory(storybook, story.id, { busy: story.tags?.includes('busy') });
        await expect(storybook).toHaveScreenshot(screenshotName(story.id, viewport), { fullPage: true });
      });
    }
  });
}
