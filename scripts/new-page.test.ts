/**
 * `npm run new:page` (new-page.ts), fast: what it would write for a public and a personal page,
 * against this tree's own files, so a change to a list it edits (its anchor gone) fails here
 * rather than on a developer's first page. The page it writes passing the type check, lint, its
 * test and its spec as written: new-page-release.test.ts, in `npm run test:release` (minutes).
 */
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { namesOf, plan, problemOf, type NewPage } from './new-page.ts';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const routesText = readFileSync(path.join(root, 'src/lib/routes.ts'), 'utf8');
const publicPage: NewPage = { name: 'school-notices', path: '/schoolNotices', access: 'public', title: '学校通知' };
const personalPage: NewPage = { name: 'course-notes', path: '/personal/courseNotes', access: 'session', title: '课程笔记' };

describe('npm run new:page', () => {
  it('a public page: the page, its test and spec, the route, and each list a test requires', () => {
    const files = plan(root, publicPage);
    expect([...files.keys()].sort()).toEqual(
      [
        'e2e/a11y.spec.ts',
        'e2e/prod/school-notices.spec.ts',
        'src/app/faults.test.tsx',
        'src/features/school-notices/school-notices-page.test.tsx',
        'src/features/school-notices/school-notices-page.tsx',
        'src/lib/routes.ts',
        'src/server/route-data.test.ts',
      ].sort(),
    );
    expect(files.get('src/lib/routes.ts')).toContain("  schoolNotices: route('/schoolNotices', 'public', 'default', 'school-notices/school-notices-page#SchoolNoticesPage'),");
    expect(files.get('src/app/faults.test.tsx')).toContain("    { path: '/schoolNotices', world: 'default' },");
    expect(files.get('e2e/a11y.spec.ts')).toContain("  ['/schoolNotices', h1('学校通知')],");
    expect(files.get('src/server/route-data.test.ts')).toContain("    out('schoolNotices', routes.schoolNotices.path, main.cookie),");
    expect(files.get('src/features/school-notices/school-notices-page.tsx')).toMatch(/export function SchoolNoticesPage\(\)[\s\S]*<PageFrame title="学校通知"/);
    // The spec reads the server's HTML, not only the page in the browser.
    expect(files.get('e2e/prod/school-notices.spec.ts')).toMatch(/page\.request\.get\('\/schoolNotices'\)[\s\S]*<h1/);
  });

  it('a personal page: in the personal center and its menu, signed in in its test, its spec and the lists', () => {
    const files = plan(root, personalPage);
    expect(namesOf(personalPage)).toMatchObject({ route: 'courseNotes', component: 'CourseNotesPage', personal: 'courseNotes' });
    expect(files.get('src/lib/routes.ts')).toContain("  courseNotes: personal('courseNotes', 'course-notes/course-notes-page#CourseNotesPage'),");
    expect(files.get('src/app/layouts/personal-menu.ts')).toContain("{ route: 'courseNotes', label: '课程笔记' },");
    expect(files.get('src/app/faults.test.tsx')).toContain("    signedIn('/personal/courseNotes'),");
    expect(files.get('e2e/a11y.spec.ts')).toContain("  ['courseNotes', '课程笔记'],");
    expect(files.get('src/features/course-notes/course-notes-page.test.tsx')).toContain("as: 'gaoyan'");
    expect(files.get('e2e/prod/course-notes.spec.ts')).toContain("world.signInAs(page, 'gaoyan', '/personal/courseNotes')");
  });

  it('refuses what would not make a page, saying why', () => {
    expect(problemOf(publicPage, routesText)).toBeNull();
    expect(problemOf({ ...publicPage, name: 'SchoolNotices' }, routesText)).toMatch(/kebab-case/);
    expect(problemOf({ ...publicPage, path: 'schoolNotices' }, routesText)).toMatch(/PATH must be/);
    expect(problemOf({ ...publicPage, access: 'private' as never }, routesText)).toMatch(/public or session/);
    expect(problemOf({ ...publicPage, title: 'Notices' }, routesText)).toMatch(/Chinese/);
    expect(problemOf({ ...personalPage, access: 'public' }, routesText)).toMatch(/needs a session/);
    expect(problemOf({ ...publicPage, name: 'faq' }, routesText)).toMatch(/a route named faq already/);
    expect(problemOf({ ...publicPage, path: '/apply' }, routesText)).toMatch(/a page at \/apply already/);
    expect(problemOf({ ...personalPage, path: '/personal/myOrder' }, routesText)).toMatch(/a page at/);
  });
});
