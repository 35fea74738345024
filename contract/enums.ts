/**
 * The coded enums with their wire schemas: each one's values and labels (coded-values.ts, which
 * pages read at start-up without zod, decision 091) and a zod schema of its values.
 */
import * as coded from './coded-values.ts';
import { z } from './zod.ts';

export { codedValues, type Tone, type ValueOf } from './coded-values.ts';

/** A coded enum's values and labels with `schema`, the wire's literal of its values. */
function withSchema<const C extends { description: string; entries: readonly { value: number | string; label: string }[] }>(values: C) {
  type Value = C['entries'][number]['value'];
  const rawValues = values.entries.map((e) => e.value) as [Value, ...Value[]];
  const schema = z.literal(rawValues).meta({
    description: `${values.description}: ${values.entries.map((e) => `${e.value}=${e.label}`).join(', ')}`,
  });
  return { ...values, schema };
}

export const credentialType = withSchema(coded.credentialType);
export const gender = withSchema(coded.gender);
export const admissionKind = withSchema(coded.admissionKind);
export const classType = withSchema(coded.classType);
export const classSignUpState = withSchema(coded.classSignUpState);
export const weekday = withSchema(coded.weekday);
export const timeOfDay = withSchema(coded.timeOfDay);
export const signUpStatus = withSchema(coded.signUpStatus);
export const orderStatus = withSchema(coded.orderStatus);
export const paymentStatus = withSchema(coded.paymentStatus);
export const payType = withSchema(coded.payType);
export const supplyFeeStatus = withSchema(coded.supplyFeeStatus);
export const refundStatus = withSchema(coded.refundStatus);
export const invoiceStatus = withSchema(coded.invoiceStatus);
export const invoiceTitleType = withSchema(coded.invoiceTitleType);
export const invoiceKind = withSchema(coded.invoiceKind);
export const realNameStatus = withSchema(coded.realNameStatus);
export const contactAuditStatus = withSchema(coded.contactAuditStatus);
export const guardianRelation = withSchema(coded.guardianRelation);
export const pickerStatus = withSchema(coded.pickerStatus);
export const smsScene = withSchema(coded.smsScene);
export const mailboxScene = withSchema(coded.mailboxScene);
export const messageType = withSchema(coded.messageType);
export const messageRecordKind = withSchema(coded.messageRecordKind);
export const collectionType = withSchema(coded.collectionType);
export const thirdPartyKind = withSchema(coded.thirdPartyKind);
