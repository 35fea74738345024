/**
 * How the mock refuses: an error envelope with a catalogue code and a Chinese msg. A handler
 * refuses through its context (`throw ctx.refuse('classFull')`), typed by the codes its operation
 * lists in the contract (contract/core.ts errorsOf), so it cannot answer a code the contract does
 * not list for it; a rule that refuses takes a `Refuse` of the codes it needs, and only handlers
 * whose operations list them can hand it one.
 */
import { errorCodes, type CommonError, type ErrorCodeName, type SignedInError } from '#contract/index';

export class MockRefusal extends Error {
  readonly code: number;
  readonly status: number;
  readonly data: unknown;
  readonly codeName: ErrorCodeName;

  constructor(name: ErrorCodeName, msg?: string, data: unknown = null) {
    const entry = errorCodes[name];
    super(msg ?? entry.message);
    this.name = 'MockRefusal';
    this.code = entry.code;
    this.status = entry.http;
    this.data = data;
    this.codeName = name;
  }
}

/** Makes a refusal with one of the codes `N`, or with a msg naming the detail. */
export type Refuse<N extends ErrorCodeName> = (name: N, msg?: string, data?: unknown) => MockRefusal;

/** A refuse function for the codes of one operation (the adapter builds one per call). */
export function refuserFor<N extends ErrorCodeName>(): Refuse<N> {
  return (name, msg, data) => new MockRefusal(name, msg, data);
}

/**
 * The adapter's own refusals: bad input and unexpected failures (any call), the session (any
 * signed-in call), and a path no operation answers.
 */
export const refuseCall: Refuse<CommonError | SignedInError | 'unknownCall'> = refuserFor();
