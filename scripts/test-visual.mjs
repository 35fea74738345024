#!/usr/bin/env node
// The visual check (decision 078): the static Storybook build (made only when its inputs changed,
// scripts/storybook-cached.mjs), then every story at desktop and phone width against the baselines
// in stories/visual/baselines/ (Playwright, Debian's Chromium, stories/visual/playwright.config.ts).
//   npm run test:visual                      compare
//   npm run test:visual -- --update          renew the baselines that differ, and write missing ones
//   npm run test:visual -- --grep Kit/Button any other argument goes to Playwright
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildStorybookCached } from './storybook-cached.mjs';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const args = process.argv.slice(2);
const update = args.includes('--update');
const rest = args.filter((arg) => arg !== '--update');

const started = performance.now();
buildStorybookCached();
console.log(`visual: storybook-static/ ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
const child = spawn(join(root, 'node_modules/.bin/playwright'), ['test', '-c', 'stories/visual/playwright.config.ts', ...(update ? ['--update-snapshots=changed'] : []), ...rest], {
  cwd: root,
  stdio: 'inherit',
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
