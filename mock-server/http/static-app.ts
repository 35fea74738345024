/** The built app of `--static DIR`: its files, and index.html for any other address (SPA fallback). */
import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { WORLD_COOKIE, WORLD_PARAM, checkWorldName } from './worlds.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** A handler that answers true when it served the request (a file or the fallback), false otherwise. */
export function staticApp(dir: string) {
  const root = path.resolve(dir);
  const index = path.join(root, 'index.html');
  if (!existsSync(index) || !statSync(root).isDirectory()) throw new Error(`--static ${dir}: 没有找到 ${index}（先 npm run build）`);
  return (req: IncomingMessage, res: ServerResponse, url: URL): boolean => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    let file: string;
    try {
      file = path.resolve(root, `.${decodeURIComponent(url.pathname)}`);
    } catch {
      return false;
    }
    if (!file.startsWith(root + path.sep) && file !== root) return false;
    const isFile = existsSync(file) && statSync(file).isFile();
    // SPA fallback: an address of the app (not a file) gets index.html; a missing asset is a 404.
    if (!isFile && path.extname(url.pathname) !== '') return false;
    const served = isFile ? file : index;
    const headers: Record<string, string | string[]> = {
      'content-type': TYPES[path.extname(served)] ?? 'application/octet-stream',
      'cache-control': served === index ? 'no-cache' : 'public, max-age=3600',
    };
    // ?world=NAME on any page of the app: this browser's calls go to that world from now on.
    const world = url.searchParams.get(WORLD_PARAM);
    if (world !== null && served === index) {
      checkWorldName(world);
      headers['set-cookie'] = `${WORLD_COOKIE}=${encodeURIComponent(world)}; Path=/; SameSite=Lax`;
    }
    res.writeHead(200, headers);
    if (req.method === 'HEAD') res.end();
    else createReadStream(served).pipe(res);
    return true;
  };
}
