import type { FastifyBaseLogger } from 'fastify'

export interface LoggedEntry {
  obj: Record<string, unknown>
  msg?: string
}

/** A silent logger for units built without an app, keeping what they log as errors and as warnings. */
export function spyLogger(): { errors: LoggedEntry[]; warnings: LoggedEntry[]; log: FastifyBaseLogger } {
  const errors: LoggedEntry[] = []
  const warnings: LoggedEntry[] = []
  const noop = () => undefined
  const log = {
    error: (obj: Record<string, unknown>, msg?: string) => void errors.push({ obj, msg }),
    warn: (obj: Record<string, unknown>, msg?: string) => void warnings.push({ obj, msg }),
    info: noop, debug: noop, trace: noop, fatal: noop, child: () => log, level: 'silent',
  }
  return { errors, warnings, log: log as unknown as FastifyBaseLogger }
}
