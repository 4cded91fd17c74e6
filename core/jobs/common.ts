import type { JobOptions } from './types.ts'

/** The slice of a pino / Fastify logger the drivers use. */
export interface JobLogger {
  error(obj: object, msg?: string): void
}

export const DEFAULT_CLOSE_TIMEOUT_MS = 5000

export function resolveJobOptions(name: string, options: JobOptions): Required<JobOptions> {
  const resolved = {
    concurrency: options.concurrency ?? 1,
    retries: options.retries ?? 3,
    backoffMs: options.backoffMs ?? 1000,
  }
  const valid =
    Number.isSafeInteger(resolved.concurrency) && resolved.concurrency >= 1 &&
    Number.isSafeInteger(resolved.retries) && resolved.retries >= 0 &&
    Number.isSafeInteger(resolved.backoffMs) && resolved.backoffMs >= 0
  if (!valid) throw new RangeError(`Invalid options for job "${name}": ${JSON.stringify(options)}`)
  return resolved
}

export function unknownJob(name: string): Error {
  return new Error(`Unknown job "${name}": define it before enqueuing`)
}
