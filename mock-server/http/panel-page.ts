/**
 * The standalone server's panel at /__mock/ui (../ui/server-panel/): built with Vite the first time
 * it is asked for (a few seconds) and kept in node_modules/.cache/mock-panel/ with the list of the
 * modules it was made of and their hashes, so a server started later serves it at once unless one
 * of them changed. `npm run mock:serve` builds it in the background as it starts.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sendText } from './io.ts';

export const PANEL_PATH = '/__mock/ui';
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SOURCE = path.join(ROOT, 'mock-server', 'ui', 'server-panel');
const CACHE = path.join(ROOT, 'node_modules', '.cache', 'mock-panel');
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

type Files = Map<string, Buffer>;
interface Manifest {
  modules: Record<string, string>;
  files: string[];
}

const hashOf = async (file: string) =>
  createHash('sha256')
    .update(await readFile(file))
    .digest('hex');

/** The cached build when every module it was made of (and the lock file) is unchanged, else null. */
async function cached(): Promise<Files | null> {
  try {
    const manifest = JSON.parse(await readFile(path.join(CACHE, 'manifest.json'), 'utf8')) as Manifest;
    for (const [file, hash] of Object.entries(manifest.modules)) if ((await hashOf(path.join(ROOT, file))) !== hash) return null;
    return new Map(await Promise.all(manifest.files.map(async (name) => [name, await readFile(path.join(CACHE, 'files', name))] as const)));
  } catch {
    return null;
  }
}

async function build(): Promise<Files> {
  const { build: viteBuild } = await import('vite');
  const { default: react } = await import('@vitejs/plugin-react');
  const output = await viteBuild({
    configFile: false,
    root: SOURCE,
    base: `${PANEL_PATH}/`,
    logLevel: 'silent',
    plugins: [react()],
    // The same bundle whoever builds it (vitest runs with NODE_ENV=test).
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: { write: false, outDir: path.join(CACHE, 'out'), emptyOutDir: false, modulePreload: false, reportCompressedSize: false },
  });
  const bundles = (Array.isArray(output) ? output : [output]) as {
    output: ({ type: 'chunk'; fileName: string; code: string; moduleIds: string[] } | { type: 'asset'; fileName: string; source: string | Uint8Array })[];
  }[];
  const files: Files = new Map();
  const modules = new Set([path.join(ROOT, 'package-lock.json')]);
  for (const item of bundles.flatMap((bundle) => bundle.output)) {
    files.set(item.fileName, Buffer.from(item.type === 'chunk' ? item.code : item.source));
    if (item.type === 'chunk') for (const id of item.moduleIds) if (!id.startsWith('\0') && existsSync(id.replace(/\?.*$/, ''))) modules.add(id.replace(/\?.*$/, ''));
  }
  const manifest: Manifest = { modules: {}, files: [...files.keys()] };
  for (const file of [...modules, path.join(SOURCE, 'index.html')]) manifest.modules[path.relative(ROOT, file)] = await hashOf(file);
  await rm(CACHE, { recursive: true, force: true });
  for (const [name, bytes] of files) {
    await mkdir(path.dirname(path.join(CACHE, 'files', name)), { recursive: true });
    await writeFile(path.join(CACHE, 'files', name), bytes);
  }
  await writeFile(path.join(CACHE, 'manifest.json'), JSON.stringify(manifest, null, 1));
  return files;
}

let files: Promise<Files> | null = null;

/** The panel's files, from the cache or built now (once per process, whoever asks first). */
export function panelFiles(): Promise<Files> {
  files ??= cached().then((hit) => hit ?? build());
  files.catch(() => (files = null));
  return files;
}

/** Answers GET /__mock/ui and its files. */
export async function handlePanelPage(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, 'text/plain', '只支持 GET');
  if (url.pathname === PANEL_PATH) {
    res.writeHead(308, { location: `${PANEL_PATH}/${url.search}` });
    return void res.end();
  }
  const name = url.pathname.slice(PANEL_PATH.length + 1) || 'index.html';
  const file = (await panelFiles()).get(name);
  if (!file) return sendText(res, 404, 'text/plain', `Not found: ${url.pathname}`);
  res.writeHead(200, { 'content-type': `${TYPES[path.extname(name)] ?? 'application/octet-stream'}; charset=utf-8`, 'content-length': file.length, 'cache-control': 'no-cache' });
  res.end(req.method === 'HEAD' ? undefined : file);
}
