/**
 * Load for the resilience tests (e2e/prod/resilience.spec.ts): `clients` parents at once, each
 * asking for a page as soon as it has its last one, every address unique (nginx's few-second cache
 * never answers: each is a render), until `stop()` is called. Counts what a parent would see: a
 * whole page (200 and the document's end), or another status (the document server's 503 page past
 * its cap on renders under way is one: an answer, as bench:ssr counts it), a page cut off (the
 * connection closed before its end; lost for good if even the head's check for that is missing),
 * or no answer at all.
 */
import http from 'node:http';

export interface LoadCount {
  pages: number;
  /** Answers with a status other than 200, by status. */
  statuses: Record<number, number>;
  /** Pages whose connection closed before the document's end. */
  cut: number;
  /**
   * Of those, the ones lost for good: cut before the head's script that asks again for a cut-off
   * document (decision 089) arrived. A browser asks again for the others by itself.
   */
  lost: number;
  /** The request ids (X-Request-Id) of those pages: nginx's log says which server was sending each. */
  cutIds: string[];
  /** Requests that got no answer (refused, reset before the status). */
  unanswered: number;
}

const PATHS = ['/', '/details?id=1', '/patriarchFAQ', '/searchHome?name=%E7%A7%91%E5%AD%A6'];

/**
 * The head's check for a cut-off document (decision 089): the first inline script of a whole
 * page's head, read from the page the stack serves rather than restated here.
 */
export function headCheckOf(html: string): string {
  const check = /<head>.*?(<script>[^<]+<\/script>)/s.exec(html)?.[1];
  if (!check) throw new Error('the page has no inline script in its head (decision 089)');
  return check;
}

/** `check`: what a cut page must carry for its browser to ask again (headCheckOf). */
export function startLoad(port: number, clients: number, check: string): { stop: () => Promise<LoadCount> } {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const count: LoadCount = { pages: 0, statuses: {}, cut: 0, lost: 0, cutIds: [], unanswered: 0 };
  let sequence = 0;
  let running = true;

  const ask = (path: string) =>
    new Promise<void>((resolve) => {
      sequence += 1;
      const target = `${path}${path.includes('?') ? '&' : '?'}load=${sequence}`;
      // Each request a visitor of its own to nginx's limits (serve:prod keys them by X-Bench-Client too), as bench:ssr's.
      const request = http.get({ host: '127.0.0.1', port, path: target, agent, headers: { Host: `localhost:${port}`, 'X-Bench-Client': String(sequence) } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', () => undefined);
        response.on('close', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const whole = response.complete && text.trimEnd().endsWith('</html>');
          if (response.statusCode !== 200) count.statuses[response.statusCode!] = (count.statuses[response.statusCode!] ?? 0) + 1;
          else if (whole) count.pages += 1;
          else {
            count.cut += 1;
            if (!text.includes(check)) count.lost += 1;
            count.cutIds.push(String(response.headers['x-request-id']));
          }
          resolve();
        });
      });
      request.on('error', () => {
        count.unanswered += 1;
        resolve();
      });
    });

  const workers = Array.from({ length: clients }, async (_, i) => {
    for (let n = i; running; n += clients) await ask(PATHS[n % PATHS.length]!);
  });
  return {
    async stop() {
      running = false;
      await Promise.all(workers);
      agent.destroy();
      return count;
    },
  };
}
