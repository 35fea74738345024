/** The contract: every backend operation of spec §7, declared once, under its id. */
import type { Operation } from './core.ts';
import { accessOperations, invoiceOperations, refundOperations } from './operations/after-sale.ts';
import { browsingOperations } from './operations/browsing.ts';
import { contactOperations, messageOperations } from './operations/contacts.ts';
import { collectionOperations, orderOperations } from './operations/orders.ts';
import { sessionOperations } from './operations/session.ts';

export const operations = {
  ...sessionOperations,
  ...contactOperations,
  ...messageOperations,
  ...browsingOperations,
  ...collectionOperations,
  ...orderOperations,
  ...refundOperations,
  ...invoiceOperations,
  ...accessOperations,
};

export type Operations = typeof operations;
export type OperationId = keyof Operations;
export const operationList: readonly Operation[] = Object.values(operations);

export * from './core.ts';
export * from './enums.ts';
export * from './error-codes.ts';
export * from './schemas/common.ts';
export { asFen, fenLeft, fenOf, sumFen, yuanOf, yuanOnWire, type Fen } from './money.ts';
export * from './schemas/classes.ts';
export * from './schemas/orders.ts';
export { loginResultSchema, userInfoSchema } from './operations/session.ts';
export { contactDetailSchema, contactEditSchema, contactInputSchema, contactSummarySchema, messageSummarySchema } from './operations/contacts.ts';
export { bannerSchema, centerSchema, siteInformationSchema } from './operations/browsing.ts';
export { invoiceApplicationSchema, mailInfoInputSchema, pickerSchema } from './operations/after-sale.ts';
export * from './id-number.ts';
export * from './account-service.ts';
export * from './mock-address.ts';
