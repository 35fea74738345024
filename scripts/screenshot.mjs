#!/usr/bin/env node
// Takes screenshots of portal pages in Debian's Chromium, to look at what was built.
//   node scripts/screenshot.mjs http://localhost:5173/ /tmp/home.png [--full] [--wait=MS]
// Several pairs may follow one another: URL PNG URL PNG ...
import { chromium } from '@playwright/test';

const args = process.argv.slice(2);
const full = args.includes('--full');
const wait = Number(args.find((a) => a.startsWith('--wait='))?.slice(7) ?? 1500);
const pairs = args.filter((a) => !a.startsWith('--'));
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && console.log(`[${m.type()}] ${m.text()}`));
page.on('pageerror', (e) => console.log(`[pageerror] ${e.message}`));
for (let i = 0; i + 1 < pairs.length; i += 2) {
  await page.goto(pairs[i], { waitUntil: 'networkidle' });
  await page.waitForTimeout(wait);
  await page.screenshot({ path: pairs[i + 1], fullPage: full });
  console.log(`${pairs[i]} -> ${pairs[i + 1]}`);
}
await browser.close();
