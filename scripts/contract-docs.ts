/**
 * Writes docs/api/ (README.md, one page per domain, openapi.json) from the contract.
 *
 *   npm run contract:docs              write the files (and remove files docs/api/ no longer has)
 *   npm run contract:docs -- --check   write nothing; exit 1 listing the stale files
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DOCS_DIR, generateContractDocs } from './contract-docs-lib.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface DocsDiff {
  /** Files that are missing or differ from what the generator writes. */
  stale: string[];
  /** Files in docs/api/ the generator does not write. */
  extra: string[];
}

export function readVersion(root = repoRoot): string {
  return (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }).version;
}

/** Compares docs/api/ on disk with what the generator would write. */
export function diffDocs(files: Map<string, string>, root = repoRoot): DocsDiff {
  const stale = [...files].filter(([rel, text]) => {
    const file = path.join(root, rel);
    return !existsSync(file) || readFileSync(file, 'utf8') !== text;
  });
  const dir = path.join(root, DOCS_DIR);
  const onDisk = existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }) : [];
  const extra = onDisk
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((rel) => !files.has(rel))
    .sort();
  return { stale: stale.map(([rel]) => rel), extra };
}

function main(argv: string[]) {
  const check = argv.includes('--check');
  const files = generateContractDocs(readVersion());
  const { stale, extra } = diffDocs(files);
  if (check) {
    if (stale.length === 0 && extra.length === 0) {
      console.log(`${DOCS_DIR}/ is up to date (${files.size} files).`);
      return 0;
    }
    console.error(`${DOCS_DIR}/ is stale; run \`npm run contract:docs\`:`);
    for (const rel of stale) console.error(`  ${rel}`);
    for (const rel of extra) console.error(`  ${rel} (not generated any more)`);
    return 1;
  }
  mkdirSync(path.join(repoRoot, DOCS_DIR), { recursive: true });
  for (const rel of stale) writeFileSync(path.join(repoRoot, rel), files.get(rel)!);
  for (const rel of extra) rmSync(path.join(repoRoot, rel));
  console.log(`${DOCS_DIR}/: ${files.size} files, ${stale.length} written${extra.length > 0 ? `, removed ${extra.join(', ')}` : ''}.`);
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
