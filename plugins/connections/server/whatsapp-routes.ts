import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { AppError, IdParams, Type, errorResponses } from '@zapdesk/plugin-api'
import { Whatsapp } from './models.ts'
import { CreateBody, UpdateBody, WhatsappDto, whatsappsDto } from './serialize.ts'
import { createWhatsapp, deleteWhatsapp, updateWhatsapp } from './whatsapp-service.ts'

/** How long a save waits for the session it started: a sandbox is up in milliseconds, WhatsApp's client library
 * loads for seconds on a busy machine; the status then follows on the socket, and the answer does not wait for it. */
const START_WAIT_MS = 2000

const startBriefly = (start: Promise<unknown>) => Promise.race([start, new Promise((r) => setTimeout(r, START_WAIT_MS).unref())])

/** The spec's `/whatsapp` routes: list and show for every user of the company, writes for admins. */
export default async function whatsappRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  const Whatsapps = app.bind(Whatsapp)

  const find = async (companyId: number, id: number) => {
    const w = await Whatsapps.query().forCompany(companyId).findById(id)
    if (!w) throw new AppError('ERR_NO_WAPP_FOUND', 404)
    return w
  }
  const dto = async (w: Whatsapp) => (await whatsappsDto(app, [w]))[0]
  /** Tells the company's browsers (agents too: the DTO carries no credential, only whether a token is set). */
  const publishUpdate = async (companyId: number, rows: Whatsapp[]) => {
    for (const whatsapp of await whatsappsDto(app, rows)) app.realtime.publish({ companyId, topic: 'whatsapp', data: { action: 'update', whatsapp } })
  }
  const publishDemoted = async (companyId: number, ids: number[]) => {
    if (ids.length) await publishUpdate(companyId, await Whatsapps.query().forCompany(companyId).whereIn('id', ids))
  }

  api.get('/whatsapp', {
    schema: {
      tags: ['connections'], summary: 'The company\'s connections (`session=0` is accepted for compatibility; no session blob is ever sent)',
      querystring: Type.Object({ session: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })), companyId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })) }),
      response: { 200: Type.Array(WhatsappDto), ...errorResponses },
    },
  }, async (request) => {
    const auth = request.auth!
    const requested = request.query.companyId
    // The web app sends its own companyId; only super users may name another company.
    if (requested !== undefined && requested !== auth.companyId && !auth.super) throw new AppError('ERR_NO_PERMISSION', 403)
    const companyId = requested ?? auth.companyId
    return whatsappsDto(app, await Whatsapps.query().forCompany(companyId).orderBy('name').orderBy('id'))
  })

  api.get('/whatsapp/providers', {
    schema: { tags: ['connections'], summary: 'The channel drivers a connection may use (for the connection form)', response: { 200: Type.Array(Type.Object({ provider: Type.String(), label: Type.String() })), ...errorResponses } },
  }, async () => app.channels.drivers.list())

  api.get('/whatsapp/:id', {
    schema: { tags: ['connections'], summary: 'One connection, with its QR code while pairing', params: IdParams, querystring: Type.Object({ session: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })) }), response: { 200: WhatsappDto, ...errorResponses } },
  }, async (request) => dto(await find(request.auth!.companyId, request.params.id)))

  api.post('/whatsapp', {
    config: { access: 'admin', permission: 'connections-page:addConnection' },
    schema: { tags: ['connections'], summary: 'Create a connection and start its session', body: CreateBody, response: { 201: WhatsappDto, ...errorResponses } },
  }, async (request, reply) => {
    const auth = request.auth!
    const { created, demoted } = await createWhatsapp(app, auth.companyId, request.body)
    await publishDemoted(auth.companyId, demoted)
    await publishUpdate(auth.companyId, [created])
    await startBriefly(app.channels.start(auth.companyId, created.id).catch((err) => request.log.error({ err }, 'starting the new session failed')))
    return reply.status(201).send(await dto(await find(auth.companyId, created.id)))
  })

  api.put('/whatsapp/:id', {
    config: { access: 'admin', permission: 'connections-page:editOrDeleteConnection' },
    schema: { tags: ['connections'], summary: 'Update a connection', params: IdParams, body: UpdateBody, response: { 200: WhatsappDto, ...errorResponses } },
  }, async (request) => {
    const auth = request.auth!
    const current = await find(auth.companyId, request.params.id)
    const { updated, demoted } = await updateWhatsapp(app, current, request.body)
    await publishDemoted(auth.companyId, demoted)
    await publishUpdate(auth.companyId, [updated])
    // Another driver runs this connection now: its session starts over with it.
    if (updated.provider !== current.provider) await startBriefly(app.channels.start(auth.companyId, updated.id).catch((err) => request.log.error({ err }, 'restarting the session failed')))
    return dto(await find(auth.companyId, updated.id))
  })

  api.delete('/whatsapp/:id', {
    config: { access: 'admin', permission: 'connections-page:editOrDeleteConnection' },
    schema: { tags: ['connections'], summary: 'Delete a connection (its session ends; a deleted default moves to the oldest other connection)', params: IdParams, response: { 200: Type.Object({ message: Type.String() }), ...errorResponses } },
  }, async (request) => {
    const auth = request.auth!
    const current = await find(auth.companyId, request.params.id)
    // An owner that does not answer (dying) must not keep the connection alive: the deleted event below stops
    // its session on every instance anyway.
    await app.channels.stop(auth.companyId, current.id).catch((err) => request.log.warn({ err }, 'stopping the session before deleting failed'))
    const newDefault = await deleteWhatsapp(app, current)
    app.realtime.publish({ companyId: auth.companyId, topic: 'whatsapp', data: { action: 'delete', whatsappId: current.id } })
    if (newDefault) await publishDemoted(auth.companyId, [newDefault])
    app.events.emit('whatsapp.deleted', { companyId: auth.companyId, whatsappId: current.id })
    return { message: 'Whatsapp deleted.' }
  })
}
