/** scripts/tap-order.mjs, for the TypeScript runners that use it. */
export function writeOrderedRuns(runs: Array<{ name: string; files: string[] }>, out: string): string[]
