/**
 * `npm run new:page -- NAME PATH public|session [标题]` (issue 45): a new page that passes the
 * type check, lint, its test and its spec as written, for its author to fill in.
 *   npm run new:page -- school-notices /schoolNotices public 学校通知
 *   npm run new:page -- course-notes /personal/courseNotes session 课程笔记
 * It writes (docs/development.md, "A new page"):
 *   - the page, src/features/NAME/NAME-page.tsx (a PageFrame with its title), and its test beside it;
 *   - its Playwright spec, e2e/prod/NAME.spec.ts, on the production-like run: the server's HTML
 *     has the page, and the browser shows it;
 *   - the route in src/lib/routes.ts (a session page under /personal/ in the personal center and
 *     its menu, another in the journey's layout);
 *   - the lists src/app/route-lists.test.ts and src/server/route-data.test.ts require: the fault
 *     matrix's pages, the accessibility journeys, the rendered routes;
 * then runs the updates: the deployment's routes (deploy/nginx) and the fault table's rows of this
 * page only (it warns while the page has no call of its own), and Prettier over what it touched.
 * `--no-updates` writes the files only.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type Access = 'public' | 'session';

export interface NewPage {
  /** kebab-case: the folder, the files. */
  name: string;
  path: string;
  access: Access;
  title: string;
}

const camel = (kebab: string) => kebab.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const pascal = (kebab: string) => camel(kebab).replace(/^./, (c) => c.toUpperCase());

/** What the page is called where: its route's name, its component, its module, its layout. */
export function namesOf(page: NewPage) {
  const personal = /^\/personal\/([A-Za-z][A-Za-z0-9]*)$/.exec(page.path)?.[1] ?? null;
  return {
    route: camel(page.name),
    component: `${pascal(page.name)}Page`,
    module: `${page.name}/${page.name}-page`,
    /** The segment under /personal/ of a personal-center page, else null. */
    personal,
  };
}

/** What is wrong with the arguments, in a sentence; null when they make a page. */
export function problemOf(page: NewPage, routesText: string): string | null {
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(page.name)) return `NAME must be kebab-case (school-notices), got ${JSON.stringify(page.name)}`;
  if (!/^\/[A-Za-z][A-Za-z0-9]*(\/[A-Za-z][A-Za-z0-9]*)*$/.test(page.path)) return `PATH must be an address like /schoolNotices, got ${JSON.stringify(page.path)}`;
  if (page.access !== 'public' && page.access !== 'session') return `the third argument must be public or session, got ${JSON.stringify(page.access)}`;
  if (page.path.startsWith('/personal/') && page.access !== 'session') return 'a page under /personal/ needs a session: session';
  if (!/[\u4e00-\u9fff]/.test(page.title)) return `the title is what parents read: Chinese, got ${JSON.stringify(page.title)}`;
  const { route } = namesOf(page);
  if (new RegExp(`^  ${route}: `, 'm').test(routesText)) return `src/lib/routes.ts has a route named ${route} already`;
  if (routesText.includes(`'${page.path}'`) || (namesOf(page).personal && routesText.includes(`personal('${namesOf(page).personal}'`))) return `src/lib/routes.ts has a page at ${page.path} already`;
  return null;
}

/** Inserts `lines` after the first line that starts with `anchor` (before it with `before`), or says which anchor is gone. */
function insertAt(text: string, file: string, anchor: string, lines: string[], where: 'after' | 'before' = 'after'): string {
  const all = text.split('\n');
  const at = all.findIndex((line) => line.startsWith(anchor));
  if (at < 0) throw new Error(`${file} has no line starting with ${JSON.stringify(anchor)}: add the page there by hand (docs/development.md, "A new page")`);
  all.splice(where === 'after' ? at + 1 : at, 0, ...lines);
  return all.join('\n');
}

const quoted = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** The route table with the page in it. */
export function withRoute(text: string, page: NewPage): string {
  const { route, component, module, personal } = namesOf(page);
  const entry = `${module}#${component}`;
  if (personal) return insertAt(text, 'src/lib/routes.ts', '} as const satisfies Record<string, Route>;', [`  ${route}: personal('${personal}', '${entry}'),`], 'before');
  if (page.access === 'public') return insertAt(text, 'src/lib/routes.ts', '  search: route(', [`  ${route}: route('${page.path}', 'public', 'default', '${entry}'),`]);
  return insertAt(text, 'src/lib/routes.ts', '  payLink: route(', [`  ${route}: route('${page.path}', 'session', 'details', '${entry}'),`]);
}

/** The personal center's menu with a personal page in it (its h1 is its label). */
export function withMenuItem(text: string, page: NewPage): string {
  return insertAt(text, 'src/app/layouts/personal-menu.ts', "      { route: 'messages', label:", [`      { route: '${namesOf(page).route}', label: ${quoted(page.title)} },`]);
}

/** The fault matrix's pages with this one, signed in for a session page. */
export function withFaultPage(text: string, page: NewPage): string {
  if (page.access === 'public') return insertAt(text, 'src/app/faults.test.tsx', "    { path: '/enrollment', world: 'default' },", [`    { path: '${page.path}', world: 'default' },`]);
  return insertAt(text, 'src/app/faults.test.tsx', "    signedIn('/personal/accountWx'),", [`    signedIn('${page.path}'),`]);
}

/** The accessibility journeys with this page: the information pages (signed out and in), or the personal ones. */
export function withA11yPage(text: string, page: NewPage): string {
  const { personal } = namesOf(page);
  if (personal) return insertAt(text, 'e2e/a11y.spec.ts', "  ['password', '登录密码'],", [`  ['${personal}', ${quoted(page.title)}],`]);
  if (page.access === 'public') return insertAt(text, 'e2e/a11y.spec.ts', "  ['/enrollment', h1('招生咨询')],", [`  ['${page.path}', h1(${quoted(page.title)})],`]);
  throw new Error('e2e/a11y.spec.ts has no list of session pages outside the personal center: add the page to a signed-in test there by hand');
}

/** The routes route-data.test.ts renders, with this one (signed out and in, or in only). */
export function withRenderedRoute(text: string, page: NewPage): string {
  const { route } = namesOf(page);
  const lines =
    page.access === 'public' ? [`    out('${route}', routes.${route}.path),`, `    out('${route}', routes.${route}.path, main.cookie),`] : [`    out('${route}', routes.${route}.path, main.cookie),`];
  return insertAt(text, 'src/server/route-data.test.ts', "    out('faq', '/patriarchFAQ?keyword=", lines, 'before');
}

/** The page's module. */
export function pageModule(page: NewPage): string {
  const { component } = namesOf(page);
  return `/**
 * ${page.path}, ${page.title}: written by \`npm run new:page\`. What it shows, and the calls it renders
 * with (declared beside it in \`${page.name}-page.data.ts\`): docs/development.md, "A new page".
 */
import { PageFrame } from '../../components/ui/page-frame.tsx';

export function ${component}() {
  return (
    <PageFrame title=${JSON.stringify(page.title)} intro=${JSON.stringify(`少年儿童活动中心的${page.title}。`)}>
      <p>${page.title}的内容即将上线，敬请关注。</p>
    </PageFrame>
  );
}
`;
}

/** The page's component test, through the router as the app renders it. */
export function pageTest(page: NewPage): string {
  const session = page.access === 'session';
  return `import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../test/render-route.tsx';

describe('${page.path} ${page.title}', () => {
  it('shows its title${session ? ' to a signed-in parent' : ''}', async () => {
    await renderRoute('${page.path}', { world: 'default'${session ? ", as: 'gaoyan'" : ''} });
    expect(await screen.findByRole('heading', { level: 1, name: ${quoted(page.title)} })).toBeInTheDocument();
    expect(document.title).toContain(${quoted(page.title)});
  });
});
`;
}

/** The page's Playwright spec on the production-like run (nginx, the document server, the standalone mock). */
export function pageSpec(page: NewPage): string {
  const session = page.access === 'session';
  return `/**
 * ${page.path}, ${page.title}, as deployed: the document server's HTML has the page (its title, its
 * heading), and the browser shows it, hydrated, with no page error. Written by \`npm run new:page\`.
 */
import { expect, test } from '../support/standalone.ts';

test('${page.path}: the server renders the page, and the browser shows it', async ({ page, world }) => {
  await world.reset('default');
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
${session ? `  await world.signInAs(page, 'gaoyan', '${page.path}');\n` : ''}  const response = await page.request.get('${page.path}');
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toMatch(/<title>${page.title}/);
  expect(html).toMatch(/<h1[^>]*>${page.title}<\\/h1>/);
${session ? '' : `  await page.goto('${page.path}');\n`}  await expect(page.getByRole('heading', { level: 1, name: ${quoted(page.title)} })).toBeVisible();
  await expect(page).toHaveTitle(/${page.title}/);
  expect(errors).toEqual([]);
});
`;
}

/** Every file the page writes or changes, with its new text (read from `root`). */
export function plan(root: string, page: NewPage): Map<string, string> {
  const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
  const files = new Map<string, string>();
  const dir = `src/features/${page.name}`;
  files.set(`${dir}/${page.name}-page.tsx`, pageModule(page));
  files.set(`${dir}/${page.name}-page.test.tsx`, pageTest(page));
  files.set(`e2e/prod/${page.name}.spec.ts`, pageSpec(page));
  files.set('src/lib/routes.ts', withRoute(read('src/lib/routes.ts'), page));
  if (namesOf(page).personal) files.set('src/app/layouts/personal-menu.ts', withMenuItem(read('src/app/layouts/personal-menu.ts'), page));
  files.set('src/app/faults.test.tsx', withFaultPage(read('src/app/faults.test.tsx'), page));
  files.set('e2e/a11y.spec.ts', withA11yPage(read('e2e/a11y.spec.ts'), page));
  files.set('src/server/route-data.test.ts', withRenderedRoute(read('src/server/route-data.test.ts'), page));
  return files;
}

function main(): void {
  const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
  const args = process.argv.slice(2).filter((arg) => arg !== '--no-updates');
  const [name = '', pagePath = '', access = '', title = '新页面'] = args;
  const page: NewPage = { name, path: pagePath, access: access as Access, title };
  const problem = problemOf(page, readFileSync(path.join(root, 'src/lib/routes.ts'), 'utf8'));
  if (problem) {
    console.error(`new:page: ${problem}\n  usage: npm run new:page -- NAME PATH public|session [标题]   e.g. npm run new:page -- school-notices /schoolNotices public 学校通知`);
    process.exit(2);
  }
  const files = plan(root, page);
  for (const file of files.keys()) {
    if (!file.startsWith('src/features/') && !file.startsWith('e2e/prod/')) continue;
    if (existsSync(path.join(root, file))) {
      console.error(`new:page: ${file} exists already; nothing written`);
      process.exit(2);
    }
  }
  for (const [file, text] of files) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
    console.log(`  wrote ${file}`);
  }
  const bin = (tool: string) => path.join(root, 'node_modules/.bin', tool);
  const run = (what: string, command: string, commandArgs: string[], env: Record<string, string> = {}) => {
    console.log(`  ${what}`);
    const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    if (result.status !== 0) {
      console.error(`new:page: ${what} failed (exit ${result.status}); the files are written, the rest is yours`);
      process.exit(1);
    }
  };
  run('Prettier over the files it wrote', bin('prettier'), ['--write', '--log-level', 'warn', ...files.keys()]);
  if (process.argv.includes('--no-updates')) return;
  run("the deployment's routes (deploy/nginx/children-center/routes.conf)", bin('vitest'), ['run', '--project=dom', 'src/app/deploy-routes.test.ts'], { UPDATE_DEPLOY_ROUTES: '1' });
  run(`the fault table's rows of ${page.path} (docs/faults.md)`, bin('vitest'), ['run', '--project=dom', 'src/app/faults.test.tsx'], { UPDATE_FAULT_TABLE: page.path });
  console.log(`\nnew:page: ${page.path} is written. Next: what it shows, the calls it renders with (${page.name}-page.data.ts), and
  npx vitest run src/features/${page.name} src/app/route-lists.test.ts src/server/route-data.test.ts
  npx playwright test e2e/prod/${page.name}.spec.ts`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
