/** The contract: every backend operation of spec §7, declared once, under its id. */
import type { Operation } from './core.ts';
import { accessOperations, invoiceOperations, refundOperations } from './operations/after-sale.ts';
import { browsingOperations } from './operations/browsing.ts';
import { contactOperations, messageOperations } from './operations/contacts.ts';
import { collectionOperations, orderOperations } from './operations/orders.ts';
import { sessionOperations } from './operations/session.ts';

type AllOperations = typeof sessionOperations &
  typeof contactOperations &
  typeof messageOperations &
  typeof browsingOperations &
  typeof collectionOperations &
  typeof orderOperations &
  typeof refundOperations &
  typeof invoiceOperations &
  typeof accessOperations;

/**
 * Every operation under its id. Each domain builds its schemas when one of its operations is first
 * read (defineOperations): an id is looked for in the public pages' domains first, so a visitor's
 * page never builds the signed-in parent's (decision 029).
 */
const domainsInLookupOrder = [
  browsingOperations,
  sessionOperations,
  collectionOperations,
  orderOperations,
  contactOperations,
  messageOperations,
  refundOperations,
  invoiceOperations,
  accessOperations,
] as const;
const domainOf = (id: PropertyKey) => domainsInLookupOrder.find((domain) => Reflect.has(domain, id));
export const operations = new Proxy({} as AllOperations, {
  get: (_, id) => {
    const domain = domainOf(id);
    return domain ? Reflect.get(domain, id) : undefined;
  },
  has: (_, id) => domainOf(id) !== undefined,
  ownKeys: () => domainsInLookupOrder.flatMap((domain) => Reflect.ownKeys(domain)),
  getOwnPropertyDescriptor: (_, id) => {
    const domain = domainOf(id);
    return domain ? Reflect.getOwnPropertyDescriptor(domain, id) : undefined;
  },
});

export type Operations = typeof operations;
export type OperationId = keyof Operations;
/** The calls that read (GET): the app's queries; every other call is a mutation. */
export type QueryOperationId = { [K in OperationId]: Operations[K]['method'] extends 'GET' ? K : never }[OperationId];
export type MutationOperationId = Exclude<OperationId, QueryOperationId>;
let list: Operation[] | null = null;
/** Every operation (every domain built on first use). */
export const operationList: readonly Operation[] = new Proxy([] as Operation[], {
  get: (_, key) => {
    list ??= Object.values(operations);
    const value: unknown = Reflect.get(list, key);
    return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(list) : value;
  },
  has: (_, key) => Reflect.has((list ??= Object.values(operations)), key),
  ownKeys: () => Reflect.ownKeys((list ??= Object.values(operations))),
  getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor((list ??= Object.values(operations)), key),
});

export * from './core.ts';
export * from './enums.ts';
export * from './error-codes.ts';
export * from './schemas/common.ts';
export { MAX_YUAN, asFen, fenLeft, fenOf, sumFen, yuanOf, yuanOnWire, type Fen } from './money.ts';
export * from './schemas/classes.ts';
export * from './schemas/orders.ts';
export { loginResultSchema, userInfoSchema } from './operations/session.ts';
export { contactDetailSchema, contactEditSchema, contactInputSchema, contactSummarySchema, messageSummarySchema } from './operations/contacts.ts';
export { bannerSchema, centerSchema, siteInformationSchema } from './operations/browsing.ts';
export { invoiceApplicationSchema, mailInfoInputSchema, pickerSchema } from './operations/after-sale.ts';
export * from './id-number.ts';
export * from './child-age.ts';
export * from './account-service.ts';
export * from './mock-address.ts';
export * from './links.ts';
export { leaveOutLinks, linkFields, linkKindOf, mapLinks, type LinkField, type LinkMapper } from './link-fields.ts';
