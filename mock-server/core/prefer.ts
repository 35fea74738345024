/**
 * One call's answer chosen by the client, as Prism's `Prefer` header does: `Prefer: code=300101`
 * answers one of the refusals the contract lists for the operation, `network=reset` (or empty,
 * malformed, no_envelope, trickle) a fault of the network, `delay=500` waits first. Directives
 * combine with commas. No pending fault is used up by such a call.
 */
import { errorCodes, type ErrorCodeName } from '#contract/index';
import { FAULT_MAX_DELAY_MS, NETWORK_FAULTS, type FaultSpec } from './faults.ts';

export const PREFER_HEADER = 'Prefer';

/**
 * The fault a Prefer header asks for, or the Chinese reason it cannot be honoured. `listed` is
 * what the operation may answer (its refusals in the contract).
 */
export function preferredFault(header: string, operation: string, listed: ReadonlySet<ErrorCodeName>): FaultSpec | string {
  const fault: FaultSpec = { operation, times: 1 };
  for (const part of header.split(',')) {
    const [rawKey = '', ...rest] = part.split('=');
    const key = rawKey.trim().toLowerCase();
    const value = rest.join('=').trim();
    if (key === '' && value === '') continue;
    if (key === 'code') {
      const entry = Object.entries(errorCodes).find(([, e]) => String(e.code) === value);
      if (!entry || !listed.has(entry[0] as ErrorCodeName)) {
        const codes = [...listed].map((name) => errorCodes[name].code).join('、');
        return `Prefer: code=${value} 不是 ${operation} 在契约中列出的错误码（可选：${codes}）`;
      }
      fault.error_code = entry[1].code;
      fault.status = entry[1].http;
    } else if (key === 'network') {
      if (!(NETWORK_FAULTS as readonly string[]).includes(value)) return `Prefer: network=${value} 不认识（可选：${NETWORK_FAULTS.join('、')}）`;
      fault.network = value as FaultSpec['network'];
    } else if (key === 'delay') {
      const ms = Number(value);
      if (!/^\d+$/.test(value) || ms > FAULT_MAX_DELAY_MS) return `Prefer: delay=${value} 应为 0–${FAULT_MAX_DELAY_MS} 的毫秒数`;
      fault.delay_ms = ms;
    } else {
      return `Prefer 只认 code=、network= 和 delay=，收到「${part.trim().slice(0, 80)}」`;
    }
  }
  return fault;
}
