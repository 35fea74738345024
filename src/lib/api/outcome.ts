/**
 * What a call can come back as. The client never throws for a failure of the backend or the
 * network: it returns one of these, and one place (error-effects.ts) decides what people see.
 */
import type { z } from 'zod';

export type ApiFailure =
  /** 2xx whose error_code is not success: a refusal the backend explains in msg. */
  | { kind: 'business'; status: number; code: number; msg: string; data: unknown }
  /** A non-2xx answer. code is null when the body was no error envelope. */
  | { kind: 'http'; status: number; code: number | null; msg: string; data: unknown; retried: boolean }
  /** No answer within the timeout. */
  | { kind: 'timeout'; timeoutMs: number }
  /** The request never got an answer (offline, DNS, CORS...). */
  | { kind: 'network'; message: string }
  /** The caller gave up (navigation, unmount, react-query cancellation). */
  | { kind: 'aborted' }
  /** The answer breaks the contract: a backend defect, reported, never a crash. */
  | { kind: 'contract'; status: number; where: 'json' | 'envelope' | 'data'; issues: z.core.$ZodIssue[]; body: unknown }
  /** The app tried to send something the contract forbids: caught before any request. */
  | { kind: 'request'; part: 'pathParams' | 'query' | 'body'; issues: z.core.$ZodIssue[] };

export type ApiOutcome<T> = { ok: true; data: T; msg: string } | { ok: false; failure: ApiFailure };

/** Thrown only at the react-query boundary, which needs a rejected promise to mark an error. */
export class ApiError extends Error {
  readonly failure: ApiFailure;
  readonly operation: string;

  constructor(operation: string, failure: ApiFailure) {
    super(`${operation}: ${describeFailure(failure)}`);
    this.name = 'ApiError';
    this.operation = operation;
    this.failure = failure;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A one-line account for logs, never for people (they get Chinese from the policy). */
export function describeFailure(failure: ApiFailure): string {
  switch (failure.kind) {
    case 'business':
    case 'http':
      return `${failure.kind} ${failure.status} error_code=${failure.code ?? '-'} msg=${failure.msg}`;
    case 'timeout':
      return `timeout after ${failure.timeoutMs} ms`;
    case 'network':
      return `network: ${failure.message}`;
    case 'aborted':
      return 'aborted';
    case 'contract':
      return `response breaks the contract (${failure.where}): ${failure.issues.map((i) => `${i.path.join('.') || '(root)'} ${i.message}`).join('; ')}`;
    case 'request':
      return `request breaks the contract (${failure.part}): ${failure.issues.map((i) => `${i.path.join('.') || '(root)'} ${i.message}`).join('; ')}`;
  }
}
