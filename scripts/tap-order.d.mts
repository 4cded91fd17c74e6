/** scripts/tap-order.mjs, for the TypeScript code that uses it. */
export interface TapRun { name: string; files: string[] }
export function writeOrderedRuns(runs: TapRun[], out: string): string[]
export function runTapInOrder(runs: TapRun[], options: { prefix: string; args?: string[]; env?: NodeJS.ProcessEnv }): Promise<number>
