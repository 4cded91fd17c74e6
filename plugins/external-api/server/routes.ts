import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { AppError, errorResponses, readUploads, toIso, type Static, type StoredUpload } from '@zapdesk/plugin-api'
import { resolveCaller, type ApiCaller } from './caller.ts'
import { parseNumber } from './number.ts'
import { rateLimit, rateOptionsFrom } from './rate-limit.ts'
import { SendAnswer, SendJsonBody, SendMultipartBody } from './schemas.ts'
import { sendExternal } from './send.ts'

/** Files per request, as the agents' own send route takes them. */
const MAX_FILES = 10

interface Parsed { number: unknown; body: string; files: StoredUpload[] }

/** The JSON body (checked by its schema), or the multipart form with its files stored in the caller's company. */
async function readRequest(request: FastifyRequest, caller: ApiCaller): Promise<Parsed> {
  if (request.isMultipart()) {
    const { files, fields } = await readUploads(request, { maxFiles: MAX_FILES, companyId: caller.companyId })
    return { number: fields.number, body: fields.body ?? '', files }
  }
  if (request.mediaType !== 'application/json') throw new AppError('ERR_UNSUPPORTED_MEDIA_TYPE', 415)
  const input = request.body as Static<typeof SendJsonBody>
  return { number: input.number, body: input.body, files: [] }
}

export default async function externalApiRoutes(app: FastifyInstance): Promise<void> {
  const limit = rateLimit(app, rateOptionsFrom(process.env))
  const api = app.withTypeProvider<TypeBoxTypeProvider>()

  api.post('/messages/send', {
    // Not a user's session: the connection's token is checked by the handler (resolveCaller), plan and overdue included.
    config: { access: 'public' },
    onRequest: limit,
    schema: {
      tags: ['external-api'],
      summary: 'Send a text, or files, to a number through the connection whose token is the bearer',
      description: 'Authorization: Bearer <the connection\'s token> (Connections, edit, API token). JSON `{ number, body }` or '
        + 'multipart/form-data with `number`, `body` and one or more `medias` files. The message goes into the contact\'s ticket on that '
        + 'connection (opened as pending when there is none), like any other. 401 ERR_INVALID_API_TOKEN, 402 ERR_SUBSCRIPTION_EXPIRED, '
        + '403 ERR_FEATURE_DISABLED (plan without the external API), 400 ERR_INVALID_NUMBER / ERR_EMPTY_MESSAGE / ERR_WAPP_INVALID_CONTACT, '
        + '409 ERR_WAPP_NOT_INITIALIZED (connection not connected), 413 ERR_PAYLOAD_TOO_LARGE, 429 ERR_RATE_LIMITED with Retry-After.',
      security: [{ connectionToken: [] }],
      // JSON is validated here; the multipart entry only documents the form (schemas.ts): the handler reads that stream itself.
      body: { content: { 'application/json': { schema: SendJsonBody }, 'multipart/form-data': { schema: SendMultipartBody } } },
      consumes: ['application/json', 'multipart/form-data'],
      response: { 201: SendAnswer, ...errorResponses },
    },
  }, async (request, reply) => {
    // Who is calling first: an unknown token or a company that may not send stores no file.
    const caller = await resolveCaller(app, request)
    const parsed = await readRequest(request, caller)
    let number: string
    try {
      number = parseNumber(parsed.number)
    } catch (err) {
      await Promise.all(parsed.files.map((f) => app.storage.remove(caller.companyId, f.name)))
      throw err
    }
    const sent = await sendExternal(app, caller, { number, body: parsed.body, files: parsed.files })
    return reply.status(201).send({
      message: 'Mensagem enviada', ticketId: sent.ticketId, contactId: sent.contactId, whatsappId: sent.whatsappId, number: sent.number,
      messages: sent.messages.map((m) => ({ id: m.id, body: m.body, mediaType: m.mediaType, mediaName: m.mediaName, sendStatus: m.sendStatus ?? 'queued', createdAt: toIso(m.createdAt) ?? null })),
    })
  })
}
