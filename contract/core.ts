/**
 * The shape of one backend operation, declared once. Everything else (the app's fetchers and
 * query keys, the mock's handlers, the docs) is derived from these declarations.
 */
import { z } from './zod.ts';

/** Every call lives under this path on the backend (spec §7). */
export const API_BASE_PATH = '/children_center/front/api/';

/** Headers of a signed-in call (spec §4): the client id, and the access token as is. */
export const CLIENT_ID_HEADER = 'client_id';
export const AUTH_HEADER = 'Authorization';

/** error_code of a successful envelope (spec §8). */
export const SUCCESS_CODE = 999999;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Which of the two HTTP clients of spec §7 and §9 sends the call. `fresh` is the second
 * client: it adds a cache-busting time parameter to GETs, for answers that change by the second.
 */
export type ClientKind = 'main' | 'fresh';

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

export interface OperationInput<
  M extends HttpMethod = HttpMethod,
  P extends AnyObject | undefined = AnyObject | undefined,
  Q extends AnyObject | undefined = AnyObject | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> {
  /** The call's own name as spec §7 spells it (several methods may share it). */
  name: string;
  method: M;
  /** Path under API_BASE_PATH, with `{param}` placeholders, e.g. `class_detail/{id}`. */
  path: string;
  domain: Domain;
  /** One line on what the call does, for the docs. */
  summary: string;
  /** Needs a signed-in parent (client_id and Authorization). */
  auth: boolean;
  client?: ClientKind;
  pathParams?: P;
  query?: Q;
  body?: B;
  /** The envelope's `data` on success. */
  response: R;
}

export interface Operation<
  Id extends string = string,
  M extends HttpMethod = HttpMethod,
  P extends AnyObject | undefined = AnyObject | undefined,
  Q extends AnyObject | undefined = AnyObject | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> extends Omit<OperationInput<M, P, Q, B, R>, 'pathParams' | 'query' | 'body' | 'client'> {
  /** Unique key: the name, or name_method where one name has several methods or paths. */
  id: Id;
  client: ClientKind;
  /** Present (not optional) so types know exactly which parts a call has. */
  pathParams: P;
  query: Q;
  body: B;
}

/**
 * Declares one operation. The placeholders of `path` must match `pathParams` exactly; a typo is
 * caught when the contract module loads, so it can never reach the app or the mock.
 */
export function defineOperation<
  const Id extends string,
  const M extends HttpMethod,
  P extends AnyObject | undefined = undefined,
  Q extends AnyObject | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
>(id: Id, input: OperationInput<M, P, Q, B, R>): Operation<Id, M, P, Q, B, R> {
  const placeholders = [...input.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  const declared = Object.keys(input.pathParams?.shape ?? {}).sort();
  if (placeholders.join() !== declared.join()) {
    throw new Error(`contract: ${id} path ${input.path} declares params [${declared.join()}]`);
  }
  if (input.body && (input.method === 'GET' || input.method === 'DELETE')) {
    throw new Error(`contract: ${id} is a ${input.method} and cannot have a body`);
  }
  return {
    ...input,
    id,
    client: input.client ?? 'main',
    pathParams: input.pathParams as P,
    query: input.query as Q,
    body: input.body as B,
  };
}

/** Fills `{param}` placeholders; values are URI-encoded. */
export function buildPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params?.[key];
    if (value === undefined || value === null || value === '') {
      throw new Error(`missing path param ${key} for ${path}`);
    }
    return encodeURIComponent(String(value));
  });
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

/** An object whose every field is an assumption (see `assumed`). */
export function assumedObject<S extends z.ZodRawShape>(shape: S) {
  return assumed(z.object(shape));
}

export type PathParamsOf<O extends Operation> = O['pathParams'] extends AnyObject ? z.input<O['pathParams']> : undefined;
export type QueryOf<O extends Operation> = O['query'] extends AnyObject ? z.input<O['query']> : undefined;
export type BodyOf<O extends Operation> = O['body'] extends z.ZodType ? z.input<O['body']> : undefined;
export type ResponseOf<O extends Operation> = z.output<O['response']>;

type Parts<O extends Operation> = { pathParams: PathParamsOf<O>; query: QueryOf<O>; body: BodyOf<O> };
/** A part may be left out when the call has none, or when every field of it is optional. */
type OptionalKeys<T> = { [K in keyof T]: undefined extends T[K] ? K : Record<never, never> extends T[K] ? K : never }[keyof T];
type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** The inputs of a call, grouped as the fetcher and the query keys take them. */
export type InputOf<O extends Operation> = Simplify<
  { [K in Exclude<keyof Parts<O>, OptionalKeys<Parts<O>>>]: Parts<O>[K] } & {
    [K in OptionalKeys<Parts<O>>]?: Exclude<Parts<O>[K], undefined>;
  }
>;
