#!/usr/bin/env node
// Prints the gzip bytes of the real build's entry chunk and of each route chunk, and fails when
// the entry chunk plus what it preloads is over 180 KB gzip or any other chunk (a route's page, or
// what routes share, such as zod and the contract's schemas) is over 30 KB (issue 9, decision 026),
// or when Preact is in the build, which runs on React 19 as every other host does (decision 049),
// or when TanStack Query's devtools are, which `npm start` alone shows (src/app/app.tsx).
// Then each page's start-up (the entry, the page and its .data.ts, with the chunks they import
// statically, as the document names them: decision 061) in gzip bytes, and whether zod or the
// contract's schemas are among them: a public page's never are (decision 091).
//   npm run bench:size          (builds with VITE_BACKEND=real first)
//   npm run bench:size -- --no-build   (measures dist/ as it is)
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = new URL('..', import.meta.url).pathname;
const dist = join(root, 'dist');
// React 19 and react-dom are ~57 KB gzip more than preact/compat was (decision 049).
const ENTRY_BUDGET = 180 * 1024;
const CHUNK_BUDGET = 30 * 1024;

if (!process.argv.includes('--no-build')) {
  const built = spawnSync(join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'error'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, VITE_BACKEND: 'real' },
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entryName = /<script type="module"[^>]*src="\/assets\/([^"]+)"/.exec(html)?.[1];
const preloaded = new Set([...html.matchAll(/rel="modulepreload"[^>]*href="\/assets\/([^"]+)"/g)].map((m) => m[1]));
const files = readdirSync(join(dist, 'assets')).filter((f) => /\.(js|css)$/.test(f));
const rows = files.map((file) => {
  const bytes = readFileSync(join(dist, 'assets', file));
  return { file, text: bytes.toString('utf8'), raw: statSync(join(dist, 'assets', file)).size, gzip: gzipSync(bytes, { level: 9 }).length };
});
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const initial = rows.filter((r) => r.file === entryName || preloaded.has(r.file) || (r.file.endsWith('.css') && html.includes(r.file)));
const initialGzip = initial.reduce((s, r) => s + r.gzip, 0);

console.log('file'.padEnd(48), 'raw'.padStart(10), 'gzip'.padStart(10));
for (const r of rows.sort((a, b) => b.gzip - a.gzip)) {
  const tag = r.file === entryName ? ' (entry)' : preloaded.has(r.file) ? ' (preloaded)' : '';
  console.log(`${r.file}${tag}`.padEnd(48), kb(r.raw).padStart(10), kb(r.gzip).padStart(10));
}
const mockInEntry = initial.some((r) => /setupWorker|mockServiceWorker|@msw\/data/.test(r.text));
const heavy = rows.filter((r) => r.file.endsWith('.js') && !initial.includes(r) && r.gzip > CHUNK_BUDGET);
console.log(`\nentry chunk + what it preloads: ${kb(initialGzip)} gzip (budget ${kb(ENTRY_BUDGET)})`);
console.log(`largest other chunk: ${kb(Math.max(...rows.filter((r) => !initial.includes(r)).map((r) => r.gzip)))} gzip (budget ${kb(CHUNK_BUDGET)} each)`);
if (initialGzip > ENTRY_BUDGET) {
  console.log('OVER BUDGET: the entry chunk and its preloads');
  process.exitCode = 1;
}
for (const r of heavy) console.log(`OVER BUDGET: ${r.file}`);
if (heavy.length) process.exitCode = 1;
console.log(`mock code in the initial chunks: ${mockInEntry ? 'YES (a defect)' : 'no'}`);
if (mockInEntry) process.exitCode = 1;
// preact/compat maps onDoubleClick to 'ondoubleclick' and Preact's createContext names its contexts
// '__cC'; React has neither. Either one means a build swapped the runtime (decision 049).
const preactMarker = /[`'"](ondoubleclick|__cC)[`'"]/;
const preactInBuild = rows.filter((r) => r.file.endsWith('.js') && preactMarker.test(r.text));
console.log(`Preact in the build: ${preactInBuild.length ? `YES in ${preactInBuild.map((r) => r.file).join(', ')} (every build runs React 19)` : 'no (React 19)'}`);
if (preactInBuild.length) process.exitCode = 1;
// The devtools' own names: their panel's container and its title.
const devtoolsInBuild = rows.filter((r) => r.file.endsWith('.js') && /tsqd-parent-container|TanStack Query Devtools/.test(r.text));
console.log(`React Query Devtools in the build: ${devtoolsInBuild.length ? `YES in ${devtoolsInBuild.map((r) => r.file).join(', ')} (they are for npm start only)` : 'no'}`);
if (devtoolsInBuild.length) process.exitCode = 1;

// Each page's start-up, from the manifest as the document server reads it (src/server/document.ts).
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const gzipOf = new Map(rows.map((r) => [`assets/${r.file}`, r.gzip]));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const routeTable = readFileSync(join(root, 'src/lib/routes.ts'), 'utf8');
const pageRoutes = [...routeTable.matchAll(/^\s+(\w+): (?:route\('[^']*', '(\w+)', '\w+', |personal\('\w+', )'([\w/-]+-page)#/gm)].map(([, name, access, module]) => ({
  name,
  access: access ?? 'session',
  module,
}));
const SCHEMAS = /^assets\/(zod|contract)-/;
console.log(`\n${'page (start-up: entry, page, .data.ts)'.padEnd(48)} ${'gzip'.padStart(10)}  files  zod/contract`);
const publicWithZod = [];
for (const { name, access, module } of pageRoutes) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  [entryKey, `src/features/${module}.tsx`, `src/features/${module}.data.ts`].forEach(visit);
  const gzip = [...files].reduce((sum, file) => sum + (gzipOf.get(file) ?? 0), 0);
  const schemas = [...files].filter((file) => SCHEMAS.test(file));
  if (access === 'public' && schemas.length) publicWithZod.push(name);
  console.log(`${name} (${access})`.padEnd(48), kb(gzip).padStart(10), String(files.size).padStart(6), ` ${schemas.length ? 'YES' : 'no'}`);
}
if (pageRoutes.length < 30) {
  console.log(`only ${pageRoutes.length} pages read from src/lib/routes.ts: its shape changed`);
  process.exitCode = 1;
}
if (publicWithZod.length) {
  console.log(`zod or the contract at a public page's start-up: ${publicWithZod.join(', ')} (decision 091)`);
  process.exitCode = 1;
}
