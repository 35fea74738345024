/**
 * Every file of the kit has a story file (issue 43, decision 078): a component of components/ui
 * or components/form, or a module of its behaviour (modal.ts, the rich-text policy), is shown and
 * tested in stories/kit/<folder>/<name>.stories.tsx. Adding a file to the kit without one fails here.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const KIT = ['ui', 'form'];

function kitFiles(folder: string): string[] {
  return readdirSync(join(root, 'src/components', folder)).filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts'));
}

function storyFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? storyFiles(join(dir, entry.name)) : entry.name.endsWith('.stories.tsx') ? [join(dir, entry.name)] : []));
}

describe('the kit in Storybook', () => {
  it.each(KIT)('every file of components/%s has a story file', (folder) => {
    const files = kitFiles(folder);
    expect(files.length).toBeGreaterThan(0);
    const missing = files.filter((name) => !existsSync(join(root, 'stories/kit', folder, name.replace(/\.tsx?$/, '.stories.tsx'))));
    expect(missing, `add stories/kit/${folder}/<name>.stories.tsx for each`).toEqual([]);
  });

  it('has no story file for a kit file that is gone', () => {
    const stale = KIT.flatMap((folder) =>
      readdirSync(join(root, 'stories/kit', folder))
        .filter((name) => name.endsWith('.stories.tsx'))
        .filter((name) => !kitFiles(folder).some((file) => file.replace(/\.tsx?$/, '.stories.tsx') === name))
        .map((name) => `stories/kit/${folder}/${name}`),
    );
    expect(stale).toEqual([]);
  });

  it('holds at least 150 stories (CSF named exports), the catalogue issue 43 asks for', () => {
    const counts = storyFiles(join(root, 'stories')).map((file) => [relative(root, file), [...readFileSync(file, 'utf8').matchAll(/^export const [A-Z]\w*\s*[:=]/gm)].length] as const);
    expect(
      counts.every(([, n]) => n > 0),
      'a story file without stories',
    ).toBe(true);
    expect(counts.reduce((sum, [, n]) => sum + n, 0)).toBeGreaterThanOrEqual(150);
  });
});
