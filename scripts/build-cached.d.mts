// Types of build-cached.mjs, for the TypeScript that imports it (its test).
export function inputsHash(args: string[], env?: Record<string, string | undefined>): string;
export const BUILDS: Record<string, { args: string[]; env: Record<string, string> }>;
export function buildNamed(name: string, options?: { log?: (line: string) => void }): boolean;
export function stampOf(outDir: string, checkout?: string): string;
export function buildCached(args: string[], options?: { env?: Record<string, string | undefined>; log?: (line: string) => void }): boolean;
