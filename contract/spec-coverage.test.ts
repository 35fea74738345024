/**
 * The contract covers the spec's §7 exactly: every call it lists (name, method, path) is an
 * operation, and the contract declares nothing the spec does not list. The calls are read from
 * contract/spec-facts.json, the spec's facts kept in the repository (see spec-facts.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { domains, type Domain } from './core.ts';
import { operationList, operations } from './index.ts';
import { proposalList } from './proposals.ts';
import facts from './spec-facts.json' with { type: 'json' };

const specCalls = facts.calls;
const key = (c: { name: string; method: string; path: string }) => `${c.method} ${c.path} (${c.name})`;

describe('the contract covers the spec’s §7', () => {
  it('lists 98 calls, each once', () => {
    const keys = specCalls.map(key);
    const repeated = keys.filter((k, i) => keys.indexOf(k) !== i);
    expect(repeated, 'the spec’s §7 lists these calls twice').toEqual([]);
    expect(specCalls.length, 'calls in the spec’s §7 (one per name, path and method)').toBe(98);
    expect(operationList.filter((op) => !op.extension).length, 'operations of the spec in contract/index.ts').toBe(98);
  });

  it('declares every call of the spec with its name, method and path', () => {
    const declared = new Set(operationList.map(key));
    const missing = specCalls.filter((c) => !declared.has(key(c))).map((c) => `${key(c)}  ← '- ${c.row}'`);
    expect(missing, `calls of the spec’s §7 with no operation of that name, method and path:\n${missing.join('\n')}`).toEqual([]);
  });

  it('declares nothing the spec does not list, but the project’s own calls, each named with its decision', () => {
    const listed = new Set(specCalls.map(key));
    const extra = operationList.filter((op) => !listed.has(key(op)) && !op.extension).map((op) => `${op.id}: ${key(op)}`);
    expect(extra, `operations that the spec’s §7 does not list:\n${extra.join('\n')}`).toEqual([]);
    const own = operationList.filter((op) => op.extension);
    expect(own.map((op) => op.id).sort(), 'the project’s own calls').toEqual(['my_refund_list', 'supply_fee_detail', 'withdraw_refund']);
    for (const op of own) {
      expect(listed.has(key(op)), `${op.id} is in the spec: it is no extension`).toBe(false);
      expect(op.extension, op.id).toMatch(/^docs\/decisions\/\d{3}-/);
    }
  });

  it('names every proposal to the backend team with its decision and what it saves (decision 057)', () => {
    const proposals = proposalList();
    expect(proposals.map((p) => (p.field ? `${p.operation}.${p.field}` : p.operation)).sort()).toEqual([
      'invoice_application.use_bound_mailbox',
      'my_refund_list',
      'supply_fee_detail',
      'withdraw_refund',
    ]);
    for (const p of proposals) {
      expect(p.decision, p.operation).toMatch(/^docs\/decisions\/\d{3}-[\w-]+\.md$/);
      expect(p.saves.length, `${p.operation}: what it saves`).toBeGreaterThan(40);
    }
    // A proposed field is on a call of the spec: the backend team is asked to add it there.
    for (const p of proposals.filter((p) => p.field)) expect(operations[p.operation].extension).toBeUndefined();
  });

  it('puts each call in the domain of its §7 subsection', () => {
    const byKey = new Map(operationList.map((op) => [key(op), op]));
    const misplaced = specCalls.flatMap((c) => {
      const op = byKey.get(key(c));
      if (!op) return [];
      const label: string = domains[op.domain as Domain];
      return label.endsWith(` ${c.group}`) ? [] : [`${op.id}: domain '${op.domain}' (${label}), §7 subsection '${c.group}'`];
    });
    expect(misplaced, `operations whose domain differs from their §7 subsection:\n${misplaced.join('\n')}`).toEqual([]);
  });
});
