/**
 * The shape of one backend operation, declared once. Everything else (the app's fetchers and
 * query keys, the mock's handlers and the refusals they may answer, the docs) is derived from
 * these declarations.
 */
import { z } from './zod.ts';
import type { ErrorCodeName } from './error-codes.ts';
import type { ClientKind, HttpMethod } from './http.ts';

export { API_BASE_PATH, AUTH_HEADER, CLIENT_ID_HEADER, SUCCESS_CODE, answersNoSuchCall, buildPath, type ClientKind, type HttpMethod } from './http.ts';

/** The spec §7 domains; docs/api/ has one table per domain. */
export const domains = {
  session: '会话与账号 Session and account',
  contacts: '联系人 Contacts',
  messages: '消息 Messages',
  browsing: '浏览 Browsing',
  collections: '收藏 Collections',
  orders: '报名、订单与支付 Sign-up, orders and payment',
  refunds: '退费 Refunds',
  invoices: '发票 Invoices',
  access: '门禁与邮寄 Access control and mailing',
} as const;
export type Domain = keyof typeof domains;

type AnyObject = z.ZodObject<z.ZodRawShape>;

/** What every call can answer besides its own refusals: bad input, an unexpected failure. */
export const COMMON_ERRORS = ['invalidRequest', 'serverError'] as const satisfies readonly ErrorCodeName[];
/** What every signed-in call can answer too (spec §8): the session and the account's standing. */
export const SIGNED_IN_ERRORS = ['tokenExpired', 'notSignedIn', 'sessionReplaced', 'accountUnavailable', 'forbidden', 'silentHome'] as const satisfies readonly ErrorCodeName[];
export type CommonError = (typeof COMMON_ERRORS)[number];
export type SignedInError = (typeof SIGNED_IN_ERRORS)[number];

/**
 * One operation as it is declared: its id is its key in the domain's object (see
 * defineOperations), its name and path follow from the id, the method and the path params.
 */
export interface OperationSpec {
  method: HttpMethod;
  /** One line on what the call does, for the docs. */
  summary: string;
  /** Needs a signed-in parent (client_id and Authorization). */
  auth: boolean;
  client?: ClientKind;
  pathParams?: AnyObject;
  query?: AnyObject;
  body?: z.ZodType;
  /** The envelope's `data` on success. */
  response: z.ZodType;
  /**
   * The refusals this call answers besides COMMON_ERRORS (and SIGNED_IN_ERRORS when `auth`);
   * the mock cannot refuse with any other (mock-server/core/refusal.ts).
   */
  errors: readonly ErrorCodeName[];
  /**
   * Set on the project's own calls, which spec §7 does not list (the decision that added it): the
   * contract declares nothing else outside §7 (contract/spec-coverage.test.ts). Each is a proposal
   * to the backend team (docs/api/proposals.md), used only where the backend has it (decision 057).
   */
  extension?: string;
  /** With `extension`: what the call saves over the §7 way, for the backend team. */
  saves?: string;
}

export interface Operation<
  Id extends string = string,
  M extends HttpMethod = HttpMethod,
  P extends AnyObject | undefined = AnyObject | undefined,
  Q extends AnyObject | undefined = AnyObject | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
  E extends ErrorCodeName = ErrorCodeName,
  A extends boolean = boolean,
> {
  /** Unique key: the name, or name_method where one name has several methods or paths. */
  id: Id;
  /** The call's own name as spec §7 spells it (several methods may share it). */
  name: string;
  method: M;
  /** Path under API_BASE_PATH: the name, then a `{param}` per path param, e.g. `class_detail/{id}`. */
  path: string;
  domain: Domain;
  summary: string;
  auth: A;
  client: ClientKind;
  /** Present (not optional) so types know exactly which parts a call has. */
  pathParams: P;
  query: Q;
  body: B;
  response: R;
  /** The project's own call, not in spec §7: the decision that added it (OperationSpec.extension). */
  extension?: string;
  /** What the project's own call saves over the §7 way (OperationSpec.saves). */
  saves?: string;
  errors: readonly E[];
}

type Part<S, K extends string, C> = S extends { [P in K]: infer T extends C } ? T : undefined;

/** The operation a spec declares under the key `Id`. */
export type OperationOf<Id extends string, S extends OperationSpec> = Operation<
  Id,
  S['method'],
  Part<S, 'pathParams', AnyObject>,
  Part<S, 'query', AnyObject>,
  Part<S, 'body', z.ZodType>,
  S['response'],
  S['errors'][number],
  S['auth']
>;

/** `change_password_put` → `change_password`: an id is the name, or name_method. */
export function nameOf(id: string, method: HttpMethod): string {
  const suffix = `_${method.toLowerCase()}`;
  return id.endsWith(suffix) ? id.slice(0, -suffix.length) : id;
}

/**
 * Declares one domain's operations, each once: its id is its key, its name and path follow from
 * it (`class_detail` with path params {id} is `GET class_detail/{id}`). A body on a GET or DELETE,
 * or a refusal listed twice, throws when the domain is first used (the contract's tests use every
 * domain), so it never reaches the app or the mock.
 *
 * Declared as a function (`defineOperations('browsing', () => ({ … }))`), a domain's schemas are
 * built when one of its operations is first read, not when the contract loads: a page builds
 * the domains it calls and no other, one task each (issue 9, decision 029). The object behaves
 * as a plain one to every reader (keys, spread, `in`).
 */
export function defineOperations<const D extends Domain, const S extends Record<string, OperationSpec>>(domain: D, specs: S | (() => S)): { [K in keyof S & string]: OperationOf<K, S[K]> } {
  type Built = { [K in keyof S & string]: OperationOf<K, S[K]> };
  if (typeof specs !== 'function') return buildOperations(domain, specs) as Built;
  let built: Record<string, Operation> | null = null;
  return lazyObject(() => (built ??= buildOperations(domain, specs()))) as Built;
}

function buildOperations(domain: Domain, specs: Record<string, OperationSpec>): Record<string, Operation> {
  const operations: Record<string, Operation> = {};
  for (const [id, spec] of Object.entries(specs)) {
    if (spec.body && (spec.method === 'GET' || spec.method === 'DELETE')) {
      throw new Error(`contract: ${id} is a ${spec.method} and cannot have a body`);
    }
    const implicit: readonly ErrorCodeName[] = spec.auth ? [...COMMON_ERRORS, ...SIGNED_IN_ERRORS] : COMMON_ERRORS;
    const twice = spec.errors.filter((name, i) => implicit.includes(name) || spec.errors.indexOf(name) !== i);
    if (twice.length > 0) throw new Error(`contract: ${id} lists ${twice.join(', ')} twice (or one every call answers)`);
    const name = nameOf(id, spec.method);
    const params = Object.keys(spec.pathParams?.shape ?? {}).map((param) => `{${param}}`);
    operations[id] = {
      ...spec,
      id,
      name,
      path: [name, ...params].join('/'),
      domain,
      client: spec.client ?? 'main',
      pathParams: spec.pathParams,
      query: spec.query,
      body: spec.body,
    };
  }
  return operations;
}

/** An object built on its first use; until then nothing of it exists. */
export function lazyObject<T extends object>(build: () => T): T {
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(build(), key),
    has: (_, key) => Reflect.has(build(), key),
    ownKeys: () => Reflect.ownKeys(build()),
    getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(build(), key),
  });
}

/** Every refusal an operation can answer: its own, and those every (signed-in) call can. */
export type ErrorsOf<O extends Operation> = O['errors'][number] | CommonError | (O['auth'] extends true ? SignedInError : never);

export function errorsOf(op: Operation): ErrorCodeName[] {
  return [...op.errors, ...COMMON_ERRORS, ...(op.auth ? SIGNED_IN_ERRORS : [])];
}

/** The response envelope every call answers with (the design brief). */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ error_code: z.number().int(), msg: z.string(), data });
}

/** An error envelope: data is whatever the backend adds (null, or details such as a new token). */
export const errorEnvelopeSchema = z.object({
  error_code: z.number().int(),
  msg: z.string(),
  data: z.unknown().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/**
 * Marks a field or schema as the project's own assumption: the spec says 'fields not shown', so we
 * designed it as Chinese enrolment and payment systems name such things. Correct it against the
 * real backend; the docs flag every one.
 */
export function assumed<T extends z.ZodType>(schema: T, description?: string): T {
  return schema.meta({ 'x-assumption': true, ...(description ? { description } : {}) }) as T;
}

/**
 * A field of an answer whose object SPEC.md shows (personal data's url, real_name, phone and
 * username; a contact's id and name; the login's client_id and access_token; a list's `list`) that
 * SPEC.md does not name: the project's assumption, which a backend answering as the seed shows may
 * leave out (decision 073). Optional, so the app does without it; the mock's minimal-answers mode
 * leaves every one out. Where a page cannot do without it, `requirement` says which page needs it
 * and why: docs/api lists it for the backend team.
 */
export function unpromised<T extends z.ZodType>(schema: T, description?: string, requirement?: string): z.ZodOptional<T> {
  return schema.optional().meta({
    'x-assumption': true,
    'x-unpromised': true,
    ...(description ? { description } : {}),
    ...(requirement ? { 'x-backend-requirement': requirement } : {}),
  });
}

/**
 * A request field the project proposes on a call of spec §7 (decision 057): an assumption like the
 * others, and also one the backend team is asked for (docs/api/proposals.md). A backend without
 * it ignores it, so the app sends it only where the backend has shown it takes the proposals.
 */
export function proposed<T extends z.ZodType>(schema: T, proposal: { decision: string; saves: string; description: string }): T {
  return schema.meta({ 'x-assumption': true, 'x-proposal': proposal.decision, 'x-saves': proposal.saves, description: proposal.description }) as T;
}

/** A field an object requires in some cases only: when `when.field` has the value `when.is`, unless `unless` is true. */
export interface RequiredWhen {
  field: string;
  when: { field: string; is: number | string; label: string };
  unless?: string;
  message: string;
}

/**
 * Declares the fields an object requires in some cases only, once: the check that refuses an input
 * without them, and the metadata the API docs show in their required column (`x-required-when`).
 */
export function requiredWhen<T extends z.ZodType>(schema: T, rules: RequiredWhen[]): T {
  const checked = schema.superRefine((value, ctx) => {
    const input = value as Record<string, unknown>;
    for (const rule of rules) {
      const applies = input[rule.when.field] === rule.when.is && !(rule.unless && input[rule.unless] === true);
      if (applies && (input[rule.field] === undefined || input[rule.field] === null || input[rule.field] === '')) ctx.addIssue({ code: 'custom', path: [rule.field], message: rule.message });
    }
  });
  const when = Object.fromEntries(rules.map((r) => [r.field, `when \`${r.when.field}\` is ${r.when.is} (${r.when.label})${r.unless ? `, unless \`${r.unless}\`` : ''}`]));
  return checked.meta({ ...z.globalRegistry.get(schema), 'x-required-when': when }) as T;
}

/** An object whose every field is an assumption (see `assumed`). */
export function assumedObject<S extends z.ZodRawShape>(shape: S) {
  return assumed(z.object(shape));
}

// A part is a schema or undefined (OperationOf), so each type below asks `extends undefined`: asking
// `extends z.ZodType` made the checker compare a zod object with ZodType member by member, 0.6 s of
// the first page it checks in a program (decision 069).
export type PathParamsOf<O extends Operation> = O['pathParams'] extends undefined ? undefined : z.input<O['pathParams']>;
export type QueryOf<O extends Operation> = O['query'] extends undefined ? undefined : z.input<O['query']>;
export type BodyOf<O extends Operation> = O['body'] extends undefined ? undefined : z.input<O['body']>;
export type ResponseOf<O extends Operation> = z.output<O['response']>;

type Parts<O extends Operation> = { pathParams: PathParamsOf<O>; query: QueryOf<O>; body: BodyOf<O> };
/** A part may be left out when the call has none, or when every field of it is optional. */
type OptionalKeys<T> = { [K in keyof T]: undefined extends T[K] ? K : Record<never, never> extends T[K] ? K : never }[keyof T];
type Simplify<T> = { [K in keyof T]: T[K] } & {};

type Grouped<P> = Simplify<{ [K in Exclude<keyof P, OptionalKeys<P>>]: P[K] } & { [K in OptionalKeys<P>]?: Exclude<P[K], undefined> }>;

/** The inputs of a call as they travel (money in yuan): what a test or a script sends by hand. */
export type InputOf<O extends Operation> = Grouped<Parts<O>>;

type ParsedParts<O extends Operation> = {
  pathParams: O['pathParams'] extends undefined ? undefined : z.output<O['pathParams']>;
  query: O['query'] extends undefined ? undefined : z.output<O['query']>;
  body: O['body'] extends undefined ? undefined : z.output<O['body']>;
};
/** The inputs of a call as the app holds them (money in fen); the fetcher encodes them for the wire. */
export type ParsedInputOf<O extends Operation> = Grouped<ParsedParts<O>>;
