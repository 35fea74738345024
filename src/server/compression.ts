/**
 * The document server compresses its own documents, flushing each piece as it comes: nginx's
 * compression holds a buffered answer's bytes until its end, which would hold the head (styles,
 * the entry, preloads) until the backend has answered (decision 062).
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import zlib from 'node:zlib';

export type DocumentEncoding = 'br' | 'gzip';

/**
 * How a document is sent, from the request's Accept-Encoding: brotli where the client takes it,
 * else gzip, else as it is. (nginx passes a normalized value: deploy/nginx/children-center/http.conf.)
 */
export function documentEncoding(acceptEncoding: string | undefined): DocumentEncoding | null {
  const taken = new Set<string>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) taken.add(name);
  }
  return taken.has('br') ? 'br' : taken.has('gzip') ? 'gzip' : null;
}

/** Brotli at quality 5 costs about a millisecond per page and is smaller than gzip -6. */
export function compressor(encoding: DocumentEncoding): zlib.BrotliCompress | zlib.Gzip {
  return encoding === 'br'
    ? zlib.createBrotliCompress({
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          // A 256 KB window (pages are ~50 KB): the default 4 MB one is allocated per page, and costs time.
          [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
        },
      })
    : zlib.createGzip({ level: 6 });
}

/**
 * Writes a document's pieces as they come, each sent at once (compressed or not), then ends. A
 * visitor gone (`signal`) stops the writing; the pieces still made are read and dropped, so the
 * render finishes as it would.
 */
export async function stream(body: ReadableStream<Uint8Array>, out: Writable & { flush?: () => void }, signal: AbortSignal): Promise<void> {
  for await (const piece of body as unknown as AsyncIterable<Uint8Array>) {
    if (signal.aborted) continue;
    if (!out.write(piece)) await once(out, 'drain', { signal }).catch(() => undefined);
    out.flush?.();
  }
  if (!signal.aborted) out.end();
}
