import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { AppError, IdParams, Type, errorResponses } from '@zapdesk/plugin-api'
import { Whatsapp } from './models.ts'
import { whatsappsDto } from './serialize.ts'
import { revokeApiToken, rotateApiToken } from './api-token.ts'

const ADMIN = { access: 'admin', permission: 'connections-page:editOrDeleteConnection' } as const

/**
 * The messages-API token of a connection: generated (or rotated) by the server and answered once; removed. Admins
 * only, within their company. The company's browsers learn that a token is set (`hasToken`), never the token.
 */
export default async function apiTokenRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()

  const publish = async (companyId: number, id: number) => {
    const row = await app.bind(Whatsapp).query().forCompany(companyId).findById(id)
    if (!row) throw new AppError('ERR_NO_WAPP_FOUND', 404)
    for (const whatsapp of await whatsappsDto(app, [row])) app.realtime.publish({ companyId, topic: 'whatsapp', data: { action: 'update', whatsapp } })
  }

  api.post('/whatsapp/:id/token', {
    config: ADMIN,
    schema: {
      tags: ['connections'],
      summary: 'Generate a new messages-API token for the connection (the previous one stops working); the answer is the only time it is shown',
      params: IdParams,
      response: { 201: Type.Object({ token: Type.String({ examples: ['zdk_3q2-7wPnL0d6vXb1…'] }) }), ...errorResponses },
    },
  }, async (request, reply) => {
    const { companyId } = request.auth!
    const token = await rotateApiToken(app, companyId, request.params.id)
    await publish(companyId, request.params.id)
    return reply.status(201).header('cache-control', 'no-store').send({ token })
  })

  api.delete('/whatsapp/:id/token', {
    config: ADMIN,
    schema: { tags: ['connections'], summary: 'Remove the connection\'s messages-API token (calls with it are refused from now on)', params: IdParams, response: { 200: Type.Object({ hasToken: Type.Boolean() }), ...errorResponses } },
  }, async (request) => {
    const { companyId } = request.auth!
    await revokeApiToken(app, companyId, request.params.id)
    await publish(companyId, request.params.id)
    return { hasToken: false }
  })
}
