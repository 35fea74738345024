/**
 * The lists a new page must join (docs/development.md, "A new page"): every route of the table
 * (src/lib/routes.ts), which the router shows, is
 * in the deployment's routes (deploy/nginx), in the fault matrix (src/app/faults.test.tsx) and in
 * the accessibility journeys (e2e/a11y.spec.ts), or is named below with the reason it is not.
 * The lists are read as text: they are test files of their own, which this test does not run.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { pagePaths as tablePaths, routes as table, type RouteName } from '#src/lib/routes.ts';
import { pagePaths } from '../test/page-paths.ts';
import { createRoutes } from './router.tsx';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const routes = tablePaths;

/** The page paths a file names: each string literal or template that starts with '/', up to its query or first placeholder. */
function pathsNamedIn(text: string): Set<string> {
  return new Set([...text.matchAll(/['"`](\/[A-Za-z0-9/]*)/g)].map((m) => m[1]!.replace(/(.)\/$/, '$1')));
}

/**
 * Whether a file names a page: its path, or, for a personal page, its name quoted beside a
 * `/personal/${…}` template (e2e/a11y.spec.ts walks a table of [name, label] rows).
 */
function names(text: string, named: Set<string>, page: string): boolean {
  if (named.has(page)) return true;
  const personal = /^\/personal\/(\w+)$/.exec(page)?.[1];
  return personal !== undefined && text.includes('`/personal/${') && new RegExp(`['"]${personal}['"]`).test(text);
}

/**
 * Routes a list leaves out, each with why; anything else missing fails, and so does an entry for a
 * page the list names now. `gap`: a page the list should have and does not yet (to close, then
 * delete the entry); `exempt`: a page the list has no use for.
 */
const NOT_IN_BY_NAME: Record<'faults' | 'a11y', Partial<Record<RouteName, { gap: string } | { exempt: string }>>> = {
  faults: {
    personalData: { exempt: 'the same page as /personal, which the matrix opens' },
    loginClosed: { exempt: 'makes no call' },
    login: { exempt: 'no page: its loader leaves for the account service (decision 090)' },
    orderConfirm: { gap: 'opens with sign_up_get and class_detail' },
    paymentResult: { gap: 'opens with order_detail and site_information' },
    payLink: { gap: 'opens with query_order_pay_status and order_detail' },
    invoiceRequest: { gap: 'opens with order_detail and invoice_title_enum_type_choose' },
  },
  a11y: { login: { exempt: 'no page to walk: its loader leaves for the account service (decision 090)' } },
};
/** The same, by path. */
const NOT_IN = Object.fromEntries(
  Object.entries(NOT_IN_BY_NAME).map(([list, pages]) => [list, Object.fromEntries(Object.entries(pages).map(([name, why]) => [table[name as RouteName].path, why]))]),
) as Record<'faults' | 'a11y', Record<string, { gap: string } | { exempt: string }>>;

describe('every route of the router is in each list a new page joins', () => {
  it('the router has a page at every path of the route table (src/lib/routes.ts), and at no other', () => {
    expect(pagePaths(createRoutes(new QueryClient())).sort()).toEqual([...tablePaths].sort());
  });

  it('is a page nginx serves (deploy/nginx/children-center/routes.conf)', () => {
    const pattern = new RegExp(/location ~ "(.+)" \{/.exec(read('deploy/nginx/children-center/routes.conf'))![1]!);
    expect(routes.filter((page) => !pattern.test(page))).toEqual([]);
  });

  it.each([
    ['faults', 'src/app/faults.test.tsx'],
    ['a11y', 'e2e/a11y.spec.ts'],
  ] as const)('is in the %s list (%s), or named here with the reason it is not', (list, file) => {
    const text = read(file);
    const named = pathsNamedIn(text);
    const missing = routes.filter((page) => !names(text, named, page) && !(page in NOT_IN[list]));
    expect(missing, `routes missing from ${file}`).toEqual([]);
    // An exemption for a page the list does name, or for no page at all, is stale.
    const stale = Object.keys(NOT_IN[list]).filter((page) => !routes.includes(page) || names(text, named, page));
    expect(stale, `exemptions to drop from NOT_IN.${list}`).toEqual([]);
  });
});
