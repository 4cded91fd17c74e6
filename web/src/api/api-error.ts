/** An API failure: the status, the `ERR_*` code when the server sent one, and its raw message. */
export class ApiError extends Error {
  readonly status: number
  readonly code: string | null
  readonly details?: unknown

  constructor(status: number, code: string | null, message: string, details?: unknown) {
    super(message || code || `HTTP ${status}`)
    this.name = 'ApiError'
    this.status = status
    this.code = code
    this.details = details
  }
}

/** Builds an ApiError from a response body that may be JSON `{ error, message }`, plain text or empty. */
export function errorFromBody(status: number, body: unknown): ApiError {
  if (body && typeof body === 'object') {
    const b = body as { error?: unknown; message?: unknown; details?: unknown }
    const code = typeof b.error === 'string' && b.error.startsWith('ERR_') ? b.error : null
    const message = typeof b.message === 'string' ? b.message : typeof b.error === 'string' ? b.error : ''
    return new ApiError(status, code, message, b.details)
  }
  if (typeof body === 'string' && body.trim()) {
    const text = body.trim()
    return new ApiError(status, /^ERR_[A-Z0-9_]+$/.test(text) ? text : null, text)
  }
  return new ApiError(status, null, `HTTP ${status}`)
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError
