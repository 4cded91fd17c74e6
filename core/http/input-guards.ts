import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify'
import { AppError } from '../errors/app-error.ts'

/**
 * Ajv coerces "1e309" to Infinity and its minimum/maximum checks pass non-finite numbers, so a numeric param or
 * query value that is not finite is refused here, before any handler can hand it to SQL.
 */
export async function rejectNonFiniteNumbers(request: FastifyRequest): Promise<void> {
  for (const [where, values] of [['params', request.params], ['querystring', request.query]] as const) {
    if (!values || typeof values !== 'object') continue
    for (const [key, value] of Object.entries(values)) {
      if (typeof value === 'number' && !Number.isFinite(value)) {
        throw new AppError('ERR_VALIDATION', 400, [{ field: `${where}/${key}`, message: 'must be a finite number' }])
      }
    }
  }
}

/** Errors fastify raises before routing (bad URL encoding, overlong params) answer in the platform's shape too. */
export const frameworkErrors: FastifyServerOptions['frameworkErrors'] = (err, _request: FastifyRequest, reply: FastifyReply) => {
  const status = (err as { statusCode?: number }).statusCode ?? 400
  void reply.status(status >= 400 && status < 500 ? status : 400).send({ error: 'ERR_BAD_REQUEST', message: err.message })
}
