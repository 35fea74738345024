/**
 * Parents' own figures (field-reports.ts in the browser sends them): per page load, its route, the
 * release, LCP, INP, CLS and TTFB, and its uncaught errors. Checked strictly and bounded before
 * anything is kept: a POST from this site's own pages (Origin), at most MAX_BEACON_BYTES (refused
 * from its Content-Length before a byte is read), one JSON object of known names and values in
 * range. The figures become /metrics' per-route histograms and p75 (metrics.ts), the errors log
 * lines; nothing about the parent beyond the route and the figure is sent, or kept.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DocumentTemplate } from './document.ts';
import { z } from '#contract/zod';
import { routes, type RouteName } from '../lib/routes.ts';
import { BEACON_PATH, BEACON_VITALS, MAX_BEACON_BYTES, MAX_BEACON_ERRORS, SAMPLE_RATE_META } from '../lib/field-report.ts';
import { beaconsRefused, browserErrors, observeVital, type VitalName } from './metrics.ts';
import { currentRequest, jsonLine } from './request-log.ts';

export { BEACON_PATH };

/** The most a figure can be (ms; CLS a score): anything past it is no page load's. */
const CEILING: Record<VitalName, number> = { LCP: 120_000, INP: 60_000, TTFB: 120_000, CLS: 50 };

const beaconSchema = z.strictObject({
  route: z.enum(Object.keys(routes) as [RouteName, ...RouteName[]]),
  release: z.string().regex(/^[\w.+-]{1,64}$/),
  vitals: z
    .array(z.strictObject({ name: z.enum(BEACON_VITALS), value: z.number().min(0) }))
    .max(BEACON_VITALS.length)
    .refine((list) => new Set(list.map((vital) => vital.name)).size === list.length, 'a figure twice')
    .refine((list) => list.every((vital) => vital.value <= CEILING[vital.name]), 'a figure out of range'),
  // The source is where in the release's own chunks it was thrown (read with the release's source maps), nothing else.
  errors: z
    .array(
      z.strictObject({
        message: z.string().max(300),
        source: z
          .string()
          .regex(/^\/assets\/[\w.-]{1,100}:\d{1,7}:\d{1,9}$/)
          .optional(),
      }),
    )
    .max(MAX_BEACON_ERRORS),
});

/**
 * An error's message as it may be logged: numbers of five digits or more (a phone, an ID number,
 * an order's id) and query strings (a ticket) taken out, whatever the browser put in it.
 */
export function scrubbed(text: string): string {
  return text
    .replace(/\?[^\s)]*/g, '?…')
    .replace(/\d[\d\sXx-]{3,}\d|\d{5,}/g, '#')
    .slice(0, 300);
}

function refuse(res: ServerResponse, status: number, reason: string, extra: Record<string, string> = {}): void {
  beaconsRefused.inc({ reason });
  res.writeHead(status, { 'Cache-Control': 'no-store', 'Content-Length': '0', ...extra });
  res.end();
}

/** The body, up to `limit` bytes; null past it. */
async function bodyOf(req: IncomingMessage, limit: number): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** POST /beacon: 204 when kept; 405, 403, 413 or 400 (nothing kept, nothing said why but the status) otherwise. */
export async function receiveBeacon(req: IncomingMessage, res: ServerResponse, origin: string): Promise<void> {
  if (req.method !== 'POST') return refuse(res, 405, 'method', { Allow: 'POST' });
  if (req.headers.origin !== origin) return refuse(res, 403, 'origin');
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_BEACON_BYTES) return refuse(res, 413, 'size', { Connection: 'close' });
  const text = await bodyOf(req, MAX_BEACON_BYTES).catch(() => null);
  if (text === null) return refuse(res, 413, 'size', { Connection: 'close' });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return refuse(res, 400, 'shape');
  }
  const read = beaconSchema.safeParse(json);
  if (!read.success) return refuse(res, 400, 'shape');
  const { route, release, vitals, errors } = read.data;
  for (const vital of vitals) observeVital(vital.name, route, vital.value);
  const request = currentRequest();
  for (const error of errors) {
    browserErrors.inc({ route });
    request?.log(jsonLine({ kind: 'browser_error', request_id: request.id, route, release, message: scrubbed(error.message), ...(error.source ? { source: error.source } : {}) }));
  }
  res.writeHead(204, { 'Cache-Control': 'no-store' });
  res.end();
}

/**
 * The document with the share of page loads that report (VITALS_SAMPLE_RATE, 0 to 1) named in its
 * head: the browser reads it (src/app/field-reports-later.ts). Anything else is thrown.
 */
export function namingSampleRate(template: DocumentTemplate, rate: number): DocumentTemplate {
  if (!(rate >= 0 && rate <= 1)) throw new Error(`VITALS_SAMPLE_RATE must be a number from 0 to 1, got ${rate}`);
  return { ...template, headStart: `${template.headStart}<meta name="${SAMPLE_RATE_META}" content="${rate}" />` };
}
