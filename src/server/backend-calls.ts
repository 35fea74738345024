/**
 * The backend calls the document server makes for a request (api-client.ts's `serverCalls`): each
 * carries the request's id to the backend (X-Request-Id, so both sides' logs meet), and each,
 * once settled, is a JSON line with that id (operation, outcome, status, error_code, duration) and
 * a count in /metrics. Never the call's input or answer: no token, phone or ID number.
 */
import { serverCalls } from '../lib/api/api-client.ts';
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
