/**
 * The project's proposals to the backend team (issue 26, decision 057): its own calls (declared
 * with `extension`) and the request fields it proposes on calls of spec §7 (`proposed`). The API
 * docs list them with what they save (docs/api/proposals.md), the mock's spec-only mode answers
 * without them, and the contract probe says whether a backend has them.
 */
import { z } from './zod.ts';
import type { Operation, OperationId } from './index.ts';
import { operationList } from './index.ts';

export interface Proposal {
  operation: OperationId;
  /** A field of the body the call of §7 takes besides its own; none for a call of the project's. */
  field?: string;
  decision: string;
  saves: string;
}

const metaOf = (schema: z.ZodType): Record<string, unknown> => (z.globalRegistry.get(schema) as Record<string, unknown> | undefined) ?? {};

function shapeOf(schema: z.ZodType | undefined): Record<string, z.ZodType> {
  const def = (schema as unknown as { _zod?: { def?: { shape?: Record<string, z.ZodType> } } } | undefined)?._zod?.def;
  return def?.shape ?? {};
}

/** The proposed fields of a body (its own keys marked with `proposed`). */
export function proposedFieldsOf(body: z.ZodType | undefined): string[] {
  return Object.entries(shapeOf(body))
    .filter(([, field]) => typeof metaOf(field)['x-proposal'] === 'string')
    .map(([name]) => name);
}

/** Every proposal: the own calls, then the proposed fields, each with its decision and what it saves. */
export function proposalList(): Proposal[] {
  const ops: readonly Operation[] = operationList;
  const calls = ops.filter((op) => op.extension).map((op) => ({ operation: op.id as OperationId, decision: op.extension!, saves: op.saves ?? '' }));
  const fields = ops.flatMap((op) =>
    proposedFieldsOf(op.body).map((field) => {
      const meta = metaOf(shapeOf(op.body)[field]!);
      return { operation: op.id as OperationId, field, decision: String(meta['x-proposal']), saves: String(meta['x-saves'] ?? '') };
    }),
  );
  return [...calls, ...fields];
}
