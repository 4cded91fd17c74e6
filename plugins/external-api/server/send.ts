import type { FastifyInstance } from 'fastify'
import { AppError, type StoredUpload } from '@zapdesk/plugin-api'
import type { EnqueueInput, Message } from '@zapdesk/tickets/public'
import type { ApiCaller } from './caller.ts'

/** WhatsApp's own text limit; in bytes, what `messages.body` holds on MariaDB (TEXT) with room to spare. */
export const MAX_BODY = 65_536
const MAX_BODY_BYTES = 65_000

export interface SendRequest {
  /** Digits only (parseNumber). */
  number: string
  body: string
  files: StoredUpload[]
}

export interface SendResult {
  ticketId: number
  contactId: number
  whatsappId: number
  number: string
  messages: Message[]
}

/** image, audio, video by the mimetype's family; anything else goes as a document ('application'). */
const mediaTypeOf = (mimetype: string): string => {
  const family = mimetype.split('/')[0].toLowerCase()
  return family === 'image' || family === 'audio' || family === 'video' ? family : 'application'
}

export function checkBody(body: string, hasFiles: boolean): void {
  if (!hasFiles && !body.trim()) throw new AppError('ERR_EMPTY_MESSAGE', 400, [{ field: 'body/body', message: 'a text or at least one file is needed' }])
  if (body.length > MAX_BODY || Buffer.byteLength(body) > MAX_BODY_BYTES) {
    throw new AppError('ERR_VALIDATION', 400, [{ field: 'body/body', message: `must be at most ${MAX_BODY} characters (${MAX_BODY_BYTES} bytes)` }])
  }
  // A NUL byte is no text anyone types, and MariaDB's utf8mb4 columns take it badly.
  if (body.includes('\u0000')) throw new AppError('ERR_VALIDATION', 400, [{ field: 'body/body', message: 'must not contain NUL characters' }])
}

/** One message per file (the text as the caption of the first that can carry one: audio cannot), or the text alone. */
function inputsOf(body: string, files: StoredUpload[]): EnqueueInput[] {
  const inputs: EnqueueInput[] = files.map((f) => ({
    body: '', media: { path: f.name, mimetype: f.mimetype, fileName: f.originalName, type: mediaTypeOf(f.mimetype) },
  }))
  if (body.trim()) {
    const captioned = inputs.find((i) => i.media!.type !== 'audio')
    if (captioned) captioned.body = body
    else inputs.unshift({ body })
  }
  return inputs
}

/**
 * Sends what the caller asked through its connection: WhatsApp confirms the number (and gives its canonical form),
 * the contact is found or created, its active ticket on that connection found or opened (pending, for the queue's
 * agents), and each message goes the one outbound way, `app.tickets.sendMessage` (stored, sent by a job with
 * retries, acked, live for agents). Files no message took are removed.
 */
export async function sendExternal(app: FastifyInstance, caller: ApiCaller, request: SendRequest): Promise<SendResult> {
  const { companyId, whatsappId } = caller
  const pending = new Set(request.files.map((f) => f.name))
  try {
    checkBody(request.body, request.files.length > 0)
    const checked = await app.channels.checkNumber(companyId, whatsappId, request.number)
    const { contact } = await app.contacts.findOrCreateContact(companyId, { number: checked.number, name: '' })
    const { ticket } = await app.tickets.findOrOpen(companyId, { contactId: contact.id, whatsappId })
    const messages: Message[] = []
    for (const input of inputsOf(request.body, request.files)) {
      messages.push(await app.tickets.sendMessage(companyId, ticket.id, input))
      if (input.media) pending.delete(input.media.path)
    }
    return { ticketId: ticket.id, contactId: contact.id, whatsappId, number: checked.number, messages }
  } finally {
    await Promise.all([...pending].map((name) => app.storage.remove(companyId, name)))
  }
}
