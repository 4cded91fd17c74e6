import type { FastifyError, FastifyInstance } from 'fastify'
import { AppError } from './app-error.ts'
import { sendIndexHtml } from '../http/web-app.ts'
import { validationDetails } from './validation-details.ts'

interface ErrorBody { error: string; message: string; details?: unknown }

/** Maps fastify's own error codes (body parsing, sizes, content types) to the platform's codes. */
const FASTIFY_CODES: Record<string, { code: string; status: number }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'ERR_PAYLOAD_TOO_LARGE', status: 413 },
  FST_REQ_FILE_TOO_LARGE: { code: 'ERR_PAYLOAD_TOO_LARGE', status: 413 },
  FST_PARTS_LIMIT: { code: 'ERR_PAYLOAD_TOO_LARGE', status: 413 },
  FST_FILES_LIMIT: { code: 'ERR_PAYLOAD_TOO_LARGE', status: 413 },
  FST_FIELDS_LIMIT: { code: 'ERR_PAYLOAD_TOO_LARGE', status: 413 },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'ERR_UNSUPPORTED_MEDIA_TYPE', status: 415 },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { code: 'ERR_UNSUPPORTED_MEDIA_TYPE', status: 415 },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'ERR_VALIDATION', status: 400 },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'ERR_VALIDATION', status: 400 },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'ERR_BAD_REQUEST', status: 400 },
  FST_ERR_BAD_URL: { code: 'ERR_BAD_REQUEST', status: 400 },
  FST_JWT_NO_AUTHORIZATION_IN_HEADER: { code: 'ERR_SESSION_EXPIRED', status: 401 },
  FST_JWT_AUTHORIZATION_TOKEN_INVALID: { code: 'ERR_SESSION_EXPIRED', status: 401 },
}

/** Errors of a database that is down or restarting (mysql2, knex's pool, SQLite's lock timeout). */
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'PROTOCOL_CONNECTION_LOST', 'ER_SERVER_SHUTDOWN', 'ER_CON_COUNT_ERROR', 'SQLITE_BUSY'])

function databaseUnavailable(err: unknown): boolean {
  const e = err as { code?: string; name?: string; nativeError?: { code?: string } }
  return e.name === 'KnexTimeoutError' || UNAVAILABLE_CODES.has(e.code ?? '') || UNAVAILABLE_CODES.has(e.nativeError?.code ?? '')
}

/** One place that turns any thrown error into a JSON answer with a code; internals of a 500 never leak. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    let status: number
    let body: ErrorBody
    if (err instanceof AppError) {
      status = err.statusCode
      body = { error: err.code, message: err.message, ...(err.details === undefined ? {} : { details: err.details }) }
    } else if ((err as FastifyError).validation) {
      const fe = err as FastifyError
      status = 400
      body = { error: 'ERR_VALIDATION', ...validationDetails(fe.validation!, fe.validationContext) }
    } else if ((err as FastifyError).code && FASTIFY_CODES[(err as FastifyError).code]) {
      const mapped = FASTIFY_CODES[(err as FastifyError).code]
      status = mapped.status
      body = { error: mapped.code, message: err.message }
    } else if ((err as FastifyError).statusCode && (err as FastifyError).statusCode! < 500) {
      status = (err as FastifyError).statusCode!
      body = { error: status === 429 ? 'ERR_RATE_LIMITED' : 'ERR_BAD_REQUEST', message: err.message }
    } else if (databaseUnavailable(err)) {
      // A passing condition, not a fault: the client is told to try again (requests are transactional, inbound
      // messages idempotent).
      status = 503
      body = { error: 'ERR_SERVICE_UNAVAILABLE', message: 'The database is unavailable; try again shortly' }
      reply.header('retry-after', '1')
    } else {
      request.log.error({ err }, 'unhandled error')
      status = 500
      body = { error: 'ERR_INTERNAL', message: 'Internal server error' }
    }
    if (status >= 500 && !(err instanceof AppError)) request.log.error({ err }, 'server error')
    return reply.status(status).send(body)
  })
}

/**
 * Unknown routes: a JSON 404 under /api (and for non-GET requests); with the web app built, every other path gets
 * its index.html so client-side routes load (SPA fallback).
 */
export function installNotFoundHandler(app: FastifyInstance, spa: boolean): void {
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]
    if (spa && request.method === 'GET' && path !== '/api' && !path.startsWith('/api/')) {
      return sendIndexHtml(reply)
    }
    return reply.status(404).send({ error: 'ERR_NOT_FOUND', message: `Route ${request.method} ${path} not found` })
  })
}
