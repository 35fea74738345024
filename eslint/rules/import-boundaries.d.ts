import type { Rule } from 'eslint';

export type ImportTarget = { kind: 'folder'; folder: string } | { kind: 'package'; name: string } | { kind: 'alias' } | { kind: 'outside' };

export function resolveTarget(source: string, filename: string, root: string): ImportTarget;

declare const rule: Rule.RuleModule;
export default rule;

/** The layer of a path inside src/ (from the repository root, with '/'), or null. */
export function layerOf(file: string): { layer: string; feature: string | null } | null;

/** The layer of a path inside mock-server/ (from the repository root, with '/'): 'hosts' for its root files, or null. */
export function mockLayerOf(file: string): string | null;
