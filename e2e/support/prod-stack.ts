/**
 * The prod project's stack (npm run serve:prod, started by playwright.config.ts) as its operators
 * see it: the file its JSON lines go to (nginx's and the document servers', --log), and each
 * document server, asked directly on this host as an operator's scraper asks it.
 */
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const prodPort = Number(process.env.E2E_PROD_PORT ?? 8080);
const mockPort = Number(process.env.E2E_MOCK_PORT ?? 8787);

/** Where the prod project's serve:prod writes its log (--log): by its port, so two checkouts on their own ports keep theirs. */
export const PROD_LOG = join(tmpdir(), `children-center-serve-prod-${prodPort}.log`);

/** The log's lines so far, parsed (anything not JSON, e.g. a process's start-up line, left out). */
export function logLines(file = PROD_LOG): Record<string, unknown>[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new Error(`no log at ${file}: is the prod stack one started without --log (a server reused from elsewhere)? Stop it and run again.`);
  }
  return text.split('\n').flatMap((line) => {
    if (!line.startsWith('{')) return [];
    try {
      return [JSON.parse(line) as Record<string, unknown>];
    } catch {
      return [];
    }
  });
}

/** The document servers' addresses: serve:prod starts them on the mock's port + 1, + 2, … (as many as answer /healthz). */
export async function documentServers(): Promise<string[]> {
  const found: string[] = [];
  for (let port = mockPort + 1; port <= mockPort + 8; port += 1) {
    const base = `http://127.0.0.1:${port}`;
    const ok = await fetch(`${base}/healthz`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (!ok) break;
    found.push(base);
  }
  if (found.length === 0) throw new Error(`no document server answers /healthz from port ${mockPort + 1}`);
  return found;
}

/** Prometheus's text from every document server, each sample summed over them by its name and labels. */
export async function scrape(): Promise<Map<string, number>> {
  const samples = new Map<string, number>();
  for (const base of await documentServers()) {
    const text = await (await fetch(`${base}/metrics`)).text();
    for (const line of text.split('\n')) {
      const match = /^([a-z_:][\w:]*(?:\{[^}]*\})?) (\S+)$/i.exec(line);
      if (match) samples.set(match[1]!, (samples.get(match[1]!) ?? 0) + Number(match[2]));
    }
  }
  return samples;
}
