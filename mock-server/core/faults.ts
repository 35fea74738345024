/** Fault injection per operation (the design brief's POST /__mock/faults). */
import { z } from 'zod';
import { operationList } from '#contract/index';

const knownOperation = (value: string) => operationList.some((op) => op.id === value || op.name === value);

export const faultSpecSchema = z
  .object({
    operation: z.string().refine(knownOperation, { message: '未知的接口（operation 应为接口名或接口 id）' }),
    status: z.number().int().min(200).max(599).optional(),
    error_code: z.number().int().optional(),
    msg: z.string().optional(),
    /**
     * The envelope's data. Without it a 99993 carries a fresh access token for the caller's
     * session (renewed for real, as an expiry would), so the app's refresh can be tested.
     */
    data: z.unknown().optional(),
    delay_ms: z.number().int().min(0).max(120_000).optional(),
    /** Never answer: the app's 20 s timeout is what the tester sees. */
    hang: z.boolean().optional(),
    /** How many answers are faulty; null means every answer until DELETE /__mock/faults. */
    times: z.number().int().positive().nullable().default(1),
  })
  .refine((f) => f.status !== undefined || f.error_code !== undefined || f.delay_ms !== undefined || f.hang === true, {
    message: '故障不完整：至少要有 status、error_code、delay_ms 或 hang 之一（只有 msg 或 data 的故障不会改变应答）',
  });
export type FaultSpec = z.output<typeof faultSpecSchema>;
export const faultListSchema = z.array(faultSpecSchema).min(1, '至少提供一条故障');

export class Faults {
  private list: FaultSpec[] = [];

  add(faults: FaultSpec[]): void {
    this.list.push(...faults.map((f) => ({ ...f })));
  }

  clear(): void {
    this.list = [];
  }

  pending(): FaultSpec[] {
    return this.list.map((f) => ({ ...f }));
  }

  /** Takes the next fault for an operation (by id or call name), counting it down. */
  take(operationId: string, operationName: string): FaultSpec | null {
    const index = this.list.findIndex((f) => f.operation === operationId || f.operation === operationName);
    if (index < 0) return null;
    const fault = this.list[index]!;
    if (fault.times !== null) {
      fault.times -= 1;
      if (fault.times <= 0) this.list.splice(index, 1);
    }
    return fault;
  }
}
