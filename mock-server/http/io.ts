/**
 * node:http <-> the mock: reading a request's body and headers, and writing JSON, text, the mock's
 * answers and fetch Responses. Shared by every part of the standalone host.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorCodes } from '#contract/index';
import { TRICKLE_BYTES, dropsConnection, type MockAnswer, type MockRequest } from '../core/answer.ts';

/** An upload is at most 5 MB of image, ~7 MB as base64: a body past this is not a call of the portal. */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;
/** A control call carries at most a snapshot's worth of JSON. */
export const CONTROL_MAX_BODY_BYTES = 25 * 1024 * 1024;

/** A refusal of the HTTP layer itself (a body too big), with its status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) throw new HttpError(413, `请求体过大（上限 ${Math.round(limit / 1024 / 1024)} MB）`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new HttpError(413, `请求体过大（上限 ${Math.round(limit / 1024 / 1024)} MB）`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
  }
  return headers;
}

export function toRequest(req: IncomingMessage, url: URL, body: Buffer | null): Request {
  return new Request(url, { method: req.method, headers: headersOf(req), body: body && body.length > 0 ? new Uint8Array(body) : undefined });
}

/** The mock's view of a call, without building a fetch Request unless a multipart body needs one. */
export function toMockRequest(req: IncomingMessage, url: URL, headers: Headers, body: Buffer | null): MockRequest {
  return {
    method: req.method ?? 'GET',
    url: url.href,
    headers,
    text: async () => (body ? body.toString('utf8') : ''),
    formData: () => toRequest(req, url, body).formData(),
  };
}

/** Writes the mock's answer; a network fault drops the connection or sends the body a few bytes at a time. */
export function sendAnswer(res: ServerResponse, answer: MockAnswer, head: boolean): void {
  if (dropsConnection(answer)) {
    res.socket?.resetAndDestroy();
    return;
  }
  const body = Buffer.from(answer.body, 'utf8');
  const type = answer.headers['content-type'] ?? 'application/json';
  res.writeHead(answer.status, { ...answer.headers, 'content-type': `${type}; charset=utf-8`, 'content-length': body.length });
  if (head || answer.network !== 'trickle') {
    res.end(head ? undefined : body);
    return;
  }
  let at = 0;
  const next = () => {
    if (res.destroyed) return;
    res.write(body.subarray(at, at + TRICKLE_BYTES));
    at += TRICKLE_BYTES;
    if (at >= body.length) res.end();
    else setTimeout(next, answer.trickleMs ?? 0);
  };
  next();
}

export async function sendResponse(res: ServerResponse, response: Response, head: boolean): Promise<void> {
  res.statusCode = response.status;
  const cookies = response.headers.getSetCookie();
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length') res.setHeader(key, value);
  });
  if (cookies.length > 0) res.setHeader('set-cookie', cookies);
  const body = Buffer.from(await response.arrayBuffer());
  res.setHeader('content-length', body.length);
  res.end(head ? undefined : body);
}

export function sendJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string | string[]> = {}): void {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

export function sendText(res: ServerResponse, status: number, type: string, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': `${type}; charset=utf-8`, 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

/**
 * An API refusal that happens before a world answers (a bad world name, the world limit, a body too
 * big): the status says exactly what (400, 413, 429), the code its kind, as a fault's default does
 * (adapter.ts faultResponse): a refused request (any 4xx) is invalidRequest, a failure serverError.
 */
export function sendEnvelopeError(res: ServerResponse, status: number, message: string): void {
  const code = status < 500 ? errorCodes.invalidRequest.code : errorCodes.serverError.code;
  sendJson(res, status, { error_code: code, msg: message, data: null });
}
