/**
 * The server's CPU work one piece at a time, each on a turn of the event loop of its own: a
 * page's render, the reading of a backend's answer. Work that became ready together (answers that
 * came in one poll, the renders they let start) would otherwise run back to back and hold every
 * new request's head behind it. Decision 063's turns, measured again on one render per document
 * (decision 082): with 50 clients, first byte p99 920 → 190 ms. A piece that waits on something
 * (a lazy part's import) lets the next start after `TURN_MS`, so nothing waits on it for long.
 */
import { answerTurn } from '../lib/api/api-client.ts';

const TURN_MS = 50;
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let last: Promise<unknown> = Promise.resolve();

/** Runs `work` on a turn of its own, after the pieces asked for before it. */
export function inItsTurn<T>(work: () => Promise<T>): Promise<T> {
  const turn = last.then(() => new Promise((resolve) => setImmediate(resolve)));
  const run = turn.then(work);
  last = turn.then(() => Promise.race([run.catch(() => undefined), delay(TURN_MS)]));
  return run;
}

// Every answer the server's calls get is read on a turn of its own.
answerTurn.wait = () => inItsTurn(() => Promise.resolve());
