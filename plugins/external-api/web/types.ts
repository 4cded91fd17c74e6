import { ApiError } from '@zapdesk/plugin-api/web'

/** What POST /api/messages/send answers (plugins/external-api/server/schemas.ts). */
export interface SentAnswer {
  message: string
  ticketId: number
  contactId: number
  whatsappId: number
  number: string
  messages: Array<{ id: number; body: string; mediaType: string; mediaName: string | null; sendStatus: string; createdAt: string | null }>
}

/** An ApiError from an answer's `{ error, message }`, so the shell's texts for the codes apply. */
export function errorFromBodyOf(status: number, body: unknown): ApiError {
  const b = body && typeof body === 'object' ? body as { error?: unknown; message?: unknown; details?: unknown } : {}
  const code = typeof b.error === 'string' && b.error.startsWith('ERR_') ? b.error : null
  return new ApiError(status, code, typeof b.message === 'string' ? b.message : typeof body === 'string' ? body.slice(0, 200) : '', b.details)
}

export { ApiError }
