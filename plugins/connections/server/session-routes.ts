import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { AppError, IdParams, Type, errorResponses } from '@zapdesk/plugin-api'
import { Whatsapp } from './models.ts'

const Done = { 200: Type.Object({ message: Type.String() }), ...errorResponses }

/**
 * The session buttons of the connections page: try again (POST), new QR (PUT: forget the pairing, start over),
 * disconnect (DELETE: unlink the phone and stay DISCONNECTED). Wherever the session runs, the action reaches it.
 */
export default async function sessionRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  const config = { access: 'admin' as const, permission: 'connections-page:actionButtons' }

  const find = async (companyId: number, id: number) => {
    const w = await app.bind(Whatsapp).query().forCompany(companyId).findById(id)
    if (!w) throw new AppError('ERR_NO_WAPP_FOUND', 404)
    return w
  }

  api.post('/whatsappsession/:id', {
    config, schema: { tags: ['connections'], summary: 'Start the session again (try again)', params: IdParams, response: Done },
  }, async (request) => {
    const w = await find(request.auth!.companyId, request.params.id)
    await app.channels.start(w.companyId, w.id)
    return { message: 'Starting session.' }
  })

  api.put('/whatsappsession/:id', {
    config, schema: { tags: ['connections'], summary: 'Forget the pairing and start over with a new QR code', params: IdParams, response: Done },
  }, async (request) => {
    const w = await find(request.auth!.companyId, request.params.id)
    await app.channels.reset(w.companyId, w.id)
    return { message: 'Starting session.' }
  })

  api.delete('/whatsappsession/:id', {
    config, schema: { tags: ['connections'], summary: 'Disconnect: unlink the phone; the session stays off until started again', params: IdParams, response: Done },
  }, async (request) => {
    const w = await find(request.auth!.companyId, request.params.id)
    await app.channels.logout(w.companyId, w.id)
    return { message: 'Session disconnected.' }
  })
}
