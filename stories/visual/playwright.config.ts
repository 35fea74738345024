/**
 * The visual check (decision 078): every story of the static Storybook build (storybook-static/,
 * made by scripts/test-visual.mjs) shot at desktop and phone width in Debian's Chromium and
 * compared with the baselines committed under stories/visual/baselines/. One worker, one page
 * walking the stories: a story is rendered in the page that is already open, as Storybook's own
 * manager switches stories, instead of a document load per story.
 *
 *   npm run test:visual                 build Storybook if its inputs changed, compare
 *   npm run test:visual -- --update     renew the baselines that differ (review the PNGs' diff)
 */
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  // The baselines are Debian Chromium's pictures with fonts-noto-cjk: one platform, no suffix.
  snapshotPathTemplate: '{testDir}/baselines/{arg}{ext}',
  outputDir: '../../test-results/visual',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: 'list',
  expect: {
    toHaveScreenshot: {
      // Any pixel that differs beyond anti-aliasing fails: a token moved by 2 px must show (walk.spec.ts proves it).
      maxDiffPixels: 0,
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
    },
  },
  use: {
    browserName: 'chromium',
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    trace: 'off',
    screenshot: 'off',
    // Debian's Chromium, as the journeys use (playwright.config.ts); never `playwright install`.
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
});
