import type { Rule } from 'eslint';

/** The file a source names, from the repository root ('mock-server/core/db.ts'), or null (a package, or no such file). */
export function resolveFile(source: string, filename: string, root: string): string | null;

declare const rule: Rule.RuleModule;
export default rule;
