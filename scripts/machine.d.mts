// Types of machine.mjs, for the TypeScript that imports it (playwright.config.ts, its test).
export function cpuTimes(stat: string): { busy: number; total: number } | null;
export function cgroupCpuLimit(read?: (file: string) => string): number;
export function busyCores(ms?: number, read?: () => string): number;
export function chooseWorkers(machine: { cores: number; limit?: number; busy?: number }): number;
export function describeMachine(options?: { busy?: number }): { cores: number; limit: number; busy: number; line: string };
