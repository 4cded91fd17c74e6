import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { AppError, Type, errorResponses, toIso } from '@zapdesk/plugin-api'
import { SandboxOutbox, Whatsapp } from '../models.ts'
import { InjectBody } from './inject.ts'

const Params = Type.Object({ whatsappId: Type.Integer({ minimum: 1, maximum: 2147483647 }) })

const OutboxDto = Type.Object({
  id: Type.Integer(),
  externalId: Type.String(),
  to: Type.String(),
  body: Type.Union([Type.String(), Type.Null()]),
  mediaType: Type.Union([Type.String(), Type.Null()]),
  mimetype: Type.Union([Type.String(), Type.Null()]),
  fileName: Type.Union([Type.String(), Type.Null()]),
  mediaSize: Type.Union([Type.Integer(), Type.Null()]),
  quotedId: Type.Union([Type.String(), Type.Null()]),
  latitude: Type.Union([Type.Number(), Type.Null()]),
  longitude: Type.Union([Type.Number(), Type.Null()]),
  ack: Type.Integer(),
  createdAt: Type.Union([Type.String(), Type.Null()]),
  updatedAt: Type.Union([Type.String(), Type.Null()]),
})

/**
 * The sandbox's admin API: make a message "arrive" on a sandbox connection, and see what the platform "sent"
 * through it. Admins only, and only on their own company's sandbox connections.
 */
export default async function sandboxRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()

  const sandboxOf = async (companyId: number, whatsappId: number) => {
    const w = await app.bind(Whatsapp).query().forCompany(companyId).findById(whatsappId)
    // A real phone's connection has no sandbox: the same answer as a connection that does not exist.
    if (!w || w.provider !== 'sandbox') throw new AppError('ERR_NO_WAPP_FOUND', 404)
    return w
  }

  api.post('/sandbox/:whatsappId/messages', {
    config: { access: 'admin' },
    schema: {
      tags: ['sandbox'], summary: 'Simulate an inbound message on a sandbox connection (a repeated id is a redelivery)', params: Params, body: InjectBody,
      response: { 201: Type.Object({ id: Type.String() }), ...errorResponses },
    },
  }, async (request, reply) => {
    const companyId = request.auth!.companyId
    const w = await sandboxOf(companyId, request.params.whatsappId)
    const body = request.body
    if (body.mediaBase64 && !body.mediaType) throw new AppError('ERR_VALIDATION', 400, [{ field: 'body/mediaType', message: 'required with mediaBase64' }])
    const result = (await app.channels.command(companyId, w.id, 'inject', body)) as { id: string }
    return reply.status(201).send(result)
  })

  api.post('/sandbox/:whatsappId/drop', {
    config: { access: 'admin' },
    schema: {
      tags: ['sandbox'], summary: 'Simulate the session going down: `network` is retried with backoff, `loggedOut` ends it until a new pairing', params: Params,
      body: Type.Object({ cause: Type.Union([Type.Literal('network'), Type.Literal('loggedOut')]) }),
      response: { 202: Type.Null(), ...errorResponses },
    },
  }, async (request, reply) => {
    const companyId = request.auth!.companyId
    const w = await sandboxOf(companyId, request.params.whatsappId)
    await app.channels.command(companyId, w.id, 'drop', request.body.cause)
    return reply.status(202).send(null)
  })

  api.get('/sandbox/:whatsappId/outbox', {
    config: { access: 'admin' },
    schema: {
      tags: ['sandbox'], summary: 'What the platform sent through a sandbox connection, newest first, with acks', params: Params,
      querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })) }),
      response: { 200: Type.Array(OutboxDto), ...errorResponses },
    },
  }, async (request) => {
    const companyId = request.auth!.companyId
    const w = await sandboxOf(companyId, request.params.whatsappId)
    const rows = await app.bind(SandboxOutbox).query().forCompany(companyId).where({ whatsappId: w.id }).orderBy('id', 'desc').limit(request.query.limit ?? 100)
    return rows.map((r) => ({
      id: r.id, externalId: r.externalId, to: r.toJid, body: r.body, mediaType: r.mediaType, mimetype: r.mimetype, fileName: r.fileName,
      mediaSize: r.mediaSize, quotedId: r.quotedId, latitude: r.latitude, longitude: r.longitude, ack: r.ack,
      createdAt: toIso(r.createdAt), updatedAt: toIso(r.updatedAt),
    }))
  })
}
