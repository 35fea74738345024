/**
 * The backend calls the document server makes for a request (api-client.ts's `serverCalls`): each
 * carries the request's id to the backend (X-Request-Id, so both sides' logs meet), and each,
 * once settled, is a JSON line with that id (operation, outcome, status, error_code, duration) and
 * a count in /metrics. Never the call's input or answer: no token, phone or ID number.
 */
import http from 'node:http';
import https from 'node:https';
import { serverCalls } from '../lib/api/api-client.ts';
import type { Answer, CallInit } from '../lib/api/client.ts';
import { observeCall } from './metrics.ts';
import { currentRequest, jsonLine } from './request-log.ts';

serverCalls.headers = (): Record<string, string> => {
  const request = currentRequest();
  return request ? { 'X-Request-Id': request.id } : {};
};

serverCalls.settled = (report) => {
  observeCall(report.operation, report.outcome, report.ms / 1000);
  const request = currentRequest();
  request?.log(
    jsonLine({
      kind: 'backend_call',
      request_id: request.id,
      operation: report.operation,
      outcome: report.outcome,
      status: report.status,
      error_code: report.errorCode,
      duration_ms: Math.round(report.ms * 10) / 10,
    }),
  );
};

// Kept-alive connections to the backend, as fetch keeps them (closed before the backend's
// Keep-Alive timeout, which Node's agent reads).
const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };

/**
 * The calls go through Node's HTTP client rather than WHATWG fetch: the same request (method,
 * headers, body, the call's abort), answered when its body is in, at a third of fetch's CPU
 * (decision 092). A body fetch would build itself (a form's files) goes through fetch.
 */
serverCalls.send = (url: string, init: CallInit): Promise<Answer> => {
  const body = init.body;
  if (body !== undefined && body !== null && typeof body !== 'string') return fetch(url, init);
  return new Promise<Answer>((resolve, reject) => {
    const target = new URL(url);
    const client = target.protocol === 'https:' ? https : http;
    const headers = typeof body === 'string' ? { ...init.headers, 'Content-Length': String(Buffer.byteLength(body)) } : init.headers;
    const request = client.request(target, { method: init.method, headers, agent: agents[target.protocol as keyof typeof agents], signal: init.signal }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => {
        const status = response.statusCode ?? 0;
        resolve({
          status,
          ok: status >= 200 && status < 300,
          statusText: response.statusMessage ?? '',
          headers: {
            get: (name) => {
              const value = response.headers[name.toLowerCase()];
              return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
            },
          },
          text: () => Promise.resolve(text),
        });
      });
      // Cut off mid-body (the call's abort, a reset): no 'end'.
      response.on('close', () => {
        if (!response.complete) reject(new Error('the backend closed the connection before the answer ended'));
      });
    });
    request.on('error', reject);
    request.end(body);
  });
};
