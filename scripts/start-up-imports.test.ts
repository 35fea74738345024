/**
 * What a page runs at start-up stays free of zod and of the contract's schemas (decision 091).
 *
 * A page's start-up is the entry (src/main.tsx), its page module and its `<page>.data.ts`, with
 * everything they import statically: the chunks the document names for it (decision 061) and the
 * browser runs before the page hydrates. zod (87 KB) and the schemas built with it (54 KB) load
 * with the first call (`loadContract`, decision 026) or a form that checks what was typed, never
 * before. The walk reads the sources' import declarations, as the bundler follows them: type-only
 * imports are erased, `import()` and `import.meta.glob` load later; so no build is needed.
 * `npm run bench:size` checks the same on a build's manifest, where chunks also group modules.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import { resolveFile } from '../eslint/rules/no-import-cycle.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The modules and packages `file` imports statically, as the bundler keeps them. */
function staticImports(file: string): string[] {
  const absolute = path.join(root, file);
  const source = ts.createSourceFile(absolute, readFileSync(absolute, 'utf8'), ts.ScriptTarget.Latest, false);
  const named: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) named.push((statement.moduleSpecifier as ts.StringLiteral).text);
    else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly) named.push((statement.moduleSpecifier as ts.StringLiteral).text);
  }
  return named.map((specifier) => resolveFile(specifier, absolute, root) ?? (/^[./#]/.test(specifier) ? `unresolved:${specifier}` : specifier.split('/')[0]!));
}

const graph = new Map<string, string[]>();
const importsOf = (file: string) => graph.get(file) ?? graph.set(file, /\.(ts|tsx)$/.test(file) ? staticImports(file) : []).get(file)!;

/** The shortest chain of static imports from `starts` to a module `wanted` picks, or null. */
function chainTo(starts: readonly string[], wanted: (module: string) => boolean): string[] | null {
  const previous = new Map<string, string | null>(starts.map((s) => [s, null]));
  const queue = [...starts];
  while (queue.length) {
    const at = queue.shift()!;
    if (wanted(at)) {
      const chain: string[] = [];
      for (let step: string | null = at; step !== null; step = previous.get(step) ?? null) chain.unshift(step);
      return chain;
    }
    for (const next of importsOf(at)) {
      if (!previous.has(next)) {
        previous.set(next, at);
        queue.push(next);
      }
    }
  }
  return null;
}

const ENTRY = 'src/main.tsx';
/** Every page module, as the router finds them (the glob of src/app/router.tsx: each feature’s `*-page.tsx`). */
const pages = readdirSync(path.join(root, 'src/features')).flatMap((feature) =>
  readdirSync(path.join(root, 'src/features', feature))
    .filter((file) => file.endsWith('-page.tsx'))
    .map((file) => `src/features/${feature}/${file}`),
);
const startUpOf = (page: string) => [ENTRY, page, page.replace(/\.tsx$/, '.data.ts')].filter((file) => existsSync(path.join(root, file)));

/**
 * Pages whose start-up still imports zod: signed-in forms that check what is typed with the
 * contract's schemas at render (decision 091 leaves them for later). A page leaves this list when
 * it no longer does (the test below says so); no page joins it.
 */
const STILL_WITH_ZOD = new Set(['src/features/account/mailbox-page.tsx', 'src/features/account/password-page.tsx', 'src/features/account/phone-page.tsx']);

/** zod, or a module of contract/ that builds schemas with it. */
const isZod = (module: string) => module === 'zod' || module === 'contract/zod.ts';

describe('a page’s start-up imports neither zod nor the contract’s schemas', () => {
  test('the walk sees what it looks for: the contract’s index reaches zod; the client’s import() of it is left out', () => {
    // Guards the walk itself: were it to miss imports, every page would pass.
    expect(chainTo(['contract/index.ts'], isZod)).not.toBeNull();
    expect(chainTo(['src/lib/api/client.ts'], (m) => m === 'contract/index.ts')).toBeNull();
    expect(importsOf('src/lib/api/client.ts').some((m) => m.startsWith('unresolved:'))).toBe(false);
  });

  test('the pages are found', () => {
    expect(pages).toContain('src/features/home/home-page.tsx');
    expect(pages.length).toBeGreaterThan(30);
  });

  test.each(pages.filter((page) => !STILL_WITH_ZOD.has(page)))('%s', (page) => {
    const chain = chainTo(startUpOf(page), isZod);
    expect(chain?.join(' → ') ?? null, 'a static import chain from the page’s start-up to zod').toBeNull();
  });

  test.each([...STILL_WITH_ZOD])('%s still imports zod at start-up (else it leaves the list)', (page) => {
    expect(pages).toContain(page);
    expect(chainTo(startUpOf(page), isZod)).not.toBeNull();
  });
});
