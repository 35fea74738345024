/**
 * nginx answers every page of the app with index.html and any other address with the app's 404
 * page and a 404 status; which addresses are pages comes from the app's route table (src/lib/routes.ts), written into
 * deploy/nginx/children-center/routes.conf. This test fails when the file is stale;
 * `UPDATE_DEPLOY_ROUTES=1 npx vitest run src/app/deploy-routes.test.ts` rewrites it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pagePaths } from '#src/lib/routes.ts';

// A path, not a URL: in jsdom's environment URL is jsdom's, which node:fs does not take.
const FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../deploy/nginx/children-center/routes.conf');

/** One anchored regex over the pages, grouped by their first segment: readable in the file. */
function routesConf(paths: string[]): string {
  const groups = new Map<string, string[]>();
  for (const path of [...new Set(paths)].sort()) {
    const [first = '', ...rest] = path.slice(1).split('/');
    groups.set(first, [...(groups.get(first) ?? []), rest.join('/')]);
  }
  const alternatives = [...groups].map(([first, rests]) => {
    const subs = rests.filter(Boolean);
    if (subs.length === 0) return first;
    const optional = rests.includes('');
    return `${first}(?:/(?:${subs.join('|')}))${optional ? '?' : ''}`;
  });
  return [
    "# Generated from the app's route table (src/lib/routes.ts) by src/app/deploy-routes.test.ts: do not edit.",
    '# UPDATE_DEPLOY_ROUTES=1 npx vitest run src/app/deploy-routes.test.ts rewrites it.',
    `location ~ "^/(?:${alternatives.join('|')})/?$" {`,
    '    include children-center/page.conf;',
    '}',
    '',
  ].join('\n');
}

/** The personal center's pages spec §2 names. */
const SPEC_PERSONAL_PAGES = [
  'personalData',
  'classBooking',
  'classGrade',
  'myOrder',
  'supplyFee',
  'refund',
  'collect',
  'invoiceInfo',
  'accessControl',
  'mailing',
  'systemMessages',
  'contacts',
  'accountAntonym',
  'accountPhone',
  'accountMailbox',
  'accountWx',
  'password',
  'orderDetails',
  'refundConfirm',
  'refundDetails',
  'applyInvoice',
];

describe('deploy/nginx/children-center/routes.conf', () => {
  // The route table's (src/lib/routes.ts); route-lists.test.ts holds the router to the same list.
  const paths = pagePaths;

  it('covers the pages of spec §2, public and personal', () => {
    for (const path of ['/', '/apply', '/details', '/searchHome', '/payLink', '/loginClose', '/personal', '/personal/myOrder', '/personal/refundConfirm']) {
      expect(paths, path).toContain(path);
    }
    // Each of spec §2's 21 personal pages by name: a page added since (npm run new:page) is one more, not a miss.
    expect(paths).toEqual(expect.arrayContaining(SPEC_PERSONAL_PAGES.map((name) => `/personal/${name}`)));
  });

  it('matches the routes (rewrite with UPDATE_DEPLOY_ROUTES=1)', () => {
    const expected = routesConf(paths);
    if (process.env.UPDATE_DEPLOY_ROUTES) writeFileSync(FILE, expected);
    expect(readFileSync(FILE, 'utf8'), 'stale: UPDATE_DEPLOY_ROUTES=1 npx vitest run src/app/deploy-routes.test.ts').toBe(expected);
  });

  it('whose pattern matches every page and nothing else', () => {
    const pattern = new RegExp(/location ~ "(.+)" \{/.exec(readFileSync(FILE, 'utf8'))![1]!);
    for (const path of paths) {
      expect(pattern.test(path), path).toBe(true);
      expect(pattern.test(`${path.replace(/\/$/, '')}/`), `${path}/`).toBe(true);
    }
    for (const path of ['/nope', '/personal/nope', '/applyx', '/assets/x.js', '/personal/myOrder/x', '/index.html']) {
      expect(pattern.test(path), path).toBe(false);
    }
  });
});
