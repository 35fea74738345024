/** What the mock receives and answers, whatever hosts it (msw in the browser and Node, the HTTP server). */

/**
 * What the mock receives: a fetch Request fits, and the HTTP server passes a lighter object (a
 * Request costs an AbortSignal and body streams per call, which 50 clients at once feel).
 */
export type MockRequest = Pick<Request, 'method' | 'url' | 'headers' | 'text' | 'formData'>;

/** A fault of the network rather than of the backend, which a host carries out (docs/mock.md). */
export type NetworkFault = 'reset' | 'lost_answer' | 'trickle';

/** What the mock answers: an envelope as JSON text; hosts turn it into their own response. */
export interface MockAnswer {
  status: number;
  body: string;
  headers: Record<string, string>;
  /**
   * reset: the connection drops, no answer; lost_answer: the same, after the handler ran (the
   * answer is what it would have been, for the journal); trickle: the body comes a few bytes at a time.
   */
  network?: NetworkFault;
  /** trickle: the pause between two pieces of the body (ms). */
  trickleMs?: number;
}

export function envelope(code: number, msg: string, data: unknown, status = 200): MockAnswer {
  return { status, body: JSON.stringify({ error_code: code, msg, data }), headers: { 'content-type': 'application/json' } };
}

/** Bytes per piece of a trickling body. */
export const TRICKLE_BYTES = 16;

/** Whether a host drops the connection instead of answering. */
export const dropsConnection = (answer: MockAnswer) => answer.network === 'reset' || answer.network === 'lost_answer';
