/** How a handler refuses: an error envelope with a catalogue code and a Chinese msg. */
import { errorCodes, type ErrorCodeName } from '#contract/index';

export class MockRefusal extends Error {
  readonly code: number;
  readonly status: number;
  readonly data: unknown;

  constructor(name: ErrorCodeName, msg?: string, data: unknown = null) {
    const entry = errorCodes[name];
    super(msg ?? entry.message);
    this.name = 'MockRefusal';
    this.code = entry.code;
    this.status = entry.http;
    this.data = data;
  }
}

/** `throw refuse('classFull')`, or with a msg naming the detail. */
export function refuse(name: ErrorCodeName, msg?: string, data?: unknown): MockRefusal {
  return new MockRefusal(name, msg, data);
}
