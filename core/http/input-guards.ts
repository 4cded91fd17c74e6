import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify'
import { AppError } from '../errors/app-error.ts'

/** The first param or query value that is a non-finite number, as a 400; undefined when there is none. */
function nonFinite(request: FastifyRequest): AppError | undefined {
  for (const [where, values] of [['params', request.params], ['querystring', request.query]] as const) {
    if (!values || typeof values !== 'object') continue
    for (const [key, value] of Object.entries(values)) {
      if (typeof value === 'number' && !Number.isFinite(value)) {
        return new AppError('ERR_VALIDATION', 400, [{ field: `${where}/${key}`, message: 'must be a finite number' }])
      }
    }
  }
  return undefined
}

/**
 * Ajv coerces "1e309" to Infinity and its minimum/maximum checks pass non-finite numbers, so a numeric param or
 * query value that is not finite is refused here, before any handler can hand it to SQL. A callback hook: it runs
 * on every request, and an async one costs each a promise.
 */
export function rejectNonFiniteNumbers(request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void): void {
  done(nonFinite(request))
}

/** Errors fastify raises before routing (bad URL encoding, overlong params) answer in the platform's shape too. */
export const frameworkErrors: FastifyServerOptions['frameworkErrors'] = (err, _request: FastifyRequest, reply: FastifyReply) => {
  const status = (err as { statusCode?: number }).statusCode ?? 400
  void reply.status(status >= 400 && status < 500 ? status : 400).send({ error: 'ERR_BAD_REQUEST', message: err.message })
}
