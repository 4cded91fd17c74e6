import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { AppError, Type, errorResponses, readUploads, type AuthContext, type Static } from '@zapdesk/plugin-api'
import type { Message, Ticket } from '../models.ts'
import { visibleTicket } from './access.ts'
import { TicketParams } from './list-routes.ts'
import { mediaTypeOf, type EnqueueInput } from './sender.ts'
import { MessageDto, serializeMessages } from './serialize.ts'

const MAX_BODY = 65536
/** `messages.body` holds 65,535 bytes on MariaDB (TEXT), and the inbound side fits text to 65,000 bytes. */
const MAX_BODY_BYTES = 65_000
const Id = Type.Integer({ minimum: 1, maximum: 2147483647 })

/**
 * The spec's JSON call. `read`, `fromMe` and `mediaUrl` are accepted for compatibility and ignored: an agent's
 * message is always fromMe and read, and media come as multipart uploads. `quotedMsg` is the message being replied
 * to (the web sends the whole message; only its id is used), `quotedMsgId` the same as a plain id.
 */
const JsonBody = Type.Object({
  body: Type.Optional(Type.String({ maxLength: MAX_BODY })),
  quotedMsg: Type.Optional(Type.Union([Type.Object({ id: Id }), Type.Null()])),
  quotedMsgId: Type.Optional(Type.Union([Id, Type.Null()])),
  read: Type.Optional(Type.Boolean()),
  fromMe: Type.Optional(Type.Boolean()),
  mediaUrl: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
})

/** An agent's message may go only to a ticket being served: a closed one is reopened first. */
function assertWritable(ticket: Ticket): void {
  if (ticket.status === 'closed') throw new AppError('ERR_TICKET_CLOSED', 409)
  // Its connection was deleted: nothing could carry the message (the send job would only fail it later).
  if (!ticket.whatsappId) throw new AppError('ERR_NO_DEF_WAPP_FOUND', 404)
}

const emptyMessage = () => new AppError('ERR_EMPTY_MESSAGE', 400)

/** Multibyte text within MAX_BODY characters can still exceed the column: refused rather than a failed insert. */
function checkBodyBytes(body: string): void {
  if (Buffer.byteLength(body) > MAX_BODY_BYTES) throw new AppError('ERR_VALIDATION', 400, [{ field: 'body/body', message: `must be at most ${MAX_BODY_BYTES} bytes` }])
}

function quotedIdOf(raw: string | undefined): number | null {
  if (raw === undefined || raw === '' || raw === 'null') return null
  if (!/^\d{1,10}$/.test(raw) || Number(raw) > 2147483647 || Number(raw) < 1) throw new AppError('ERR_VALIDATION', 400, [{ field: 'body/quotedMsgId', message: 'must be a message id' }])
  return Number(raw)
}

/**
 * multipart: the files (field `medias`) become one message each, stored in the company's media and sent as image,
 * audio, video or document by their mimetype. The text goes as the caption of the first file that can carry one;
 * audio cannot, so with audio only the text is sent as its own message first.
 */
async function sendUploads(app: FastifyInstance, request: FastifyRequest, auth: AuthContext, ticket: Ticket): Promise<Message[]> {
  const { files, fields } = await readUploads(request, { maxFiles: 10 })
  const pending = new Set(files.map((f) => f.name))
  try {
    const body = (fields.body ?? '').slice(0, MAX_BODY)
    if (!files.length && !body.trim()) throw emptyMessage()
    checkBodyBytes(body)
    const quotedMsgId = quotedIdOf(fields.quotedMsgId)
    const inputs: EnqueueInput[] = files.map((f) => ({
      body: '', userId: auth.userId, quotedMsgId,
      media: { path: f.name, mimetype: f.mimetype, fileName: f.originalName, type: mediaTypeOf(f.mimetype) },
    }))
    if (body.trim()) {
      const captioned = inputs.find((i) => i.media!.type !== 'audio')
      if (captioned) captioned.body = body
      else inputs.unshift({ body, userId: auth.userId, quotedMsgId })
    }
    const messages: Message[] = []
    for (const input of inputs) {
      messages.push(await app.tickets.sender.enqueue(auth.companyId, ticket.id, input))
      if (input.media) pending.delete(input.media.path)
    }
    return messages
  } finally {
    // Files no message took (refused request, failure half-way) must not stay on disk.
    await Promise.all([...pending].map((name) => app.storage.remove(auth.companyId, name)))
  }
}

export default async function messageSendRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()

  api.post('/messages/:ticketId', {
    schema: {
      summary: 'Send a message on a ticket: JSON { body, quotedMsg? } or multipart (medias files, body); the body is sent as given (the web adds the signature)',
      params: TicketParams,
      // Validated for JSON only: a multipart body is read as a stream by the handler (readUploads).
      body: { content: { 'application/json': { schema: JsonBody } } },
      consumes: ['application/json', 'multipart/form-data'],
      response: { 201: Type.Union([MessageDto, Type.Array(MessageDto)]), ...errorResponses },
    },
  }, async (request, reply) => {
    const auth = request.auth!
    // Checked before any file is read, so a foreign, hidden or closed ticket stores nothing.
    const ticket = await visibleTicket(app, auth, request.params.ticketId)
    assertWritable(ticket)
    if (request.isMultipart()) {
      const messages = await sendUploads(app, request, auth, ticket)
      return reply.status(201).send(await serializeMessages(app, auth.companyId, messages))
    }
    if (request.mediaType !== 'application/json') throw new AppError('ERR_UNSUPPORTED_MEDIA_TYPE', 415)
    const input = request.body as Static<typeof JsonBody>
    const body = input.body ?? ''
    if (!body.trim()) throw emptyMessage()
    checkBodyBytes(body)
    const quotedMsgId = input.quotedMsg?.id ?? input.quotedMsgId ?? null
    const message = await app.tickets.sender.enqueue(auth.companyId, ticket.id, { body, userId: auth.userId, quotedMsgId })
    const [json] = await serializeMessages(app, auth.companyId, [message])
    return reply.status(201).send(json)
  })
}
