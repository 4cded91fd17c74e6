import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { IdParams, Pagination, Type, errorResponses, pageOf } from '@zapdesk/plugin-api'
import { CreateBody, DeliveryDto, IntegrationDto, TestSessionBody, UpdateBody, type IntegrationJson } from './serialize.ts'
import { testSession } from './runner/dialogflow.ts'

/**
 * The spec's calls: GET /queueIntegration/ (searchParam, pageNumber: queueIntegrations, hasMore), GET/PUT/DELETE
 * /queueIntegration/:id, POST /queueIntegration, POST /queueIntegration/testSession; plus the delivery log of an n8n
 * or webhook integration. Admins only: an integration carries a company's credentials. Realtime topic
 * `queueIntegration` (create, update, delete by integrationId).
 */
export default async function integrationRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  const publish = (companyId: number, action: 'create' | 'update' | 'delete', queueIntegration: IntegrationJson) =>
    app.realtime.publish({
      companyId, topic: 'queueIntegration',
      data: action === 'delete' ? { action, integrationId: queueIntegration.id } : { action, queueIntegration },
    })

  // Also answers GET /queueIntegration/ (the spec's call): the app ignores trailing slashes.
  api.get('/queueIntegration', {
    config: { access: 'admin' },
    schema: { summary: 'The company\'s integrations by name, paged; searchParam matches the name or type', querystring: Pagination, response: { 200: pageOf('queueIntegrations', IntegrationDto), ...errorResponses } },
  }, async (request) => app.integrations.page(request.auth!.companyId, request.query.searchParam, request.query.pageNumber ?? 1))

  api.post('/queueIntegration/testSession', {
    config: { access: 'admin' },
    schema: {
      summary: 'Tries Dialogflow credentials: a token from the service account, then one detectIntent',
      body: TestSessionBody, response: { 200: Type.Object({ message: Type.String(), fulfillmentText: Type.String() }), ...errorResponses },
    },
  }, async (request) => ({ message: 'ok', fulfillmentText: await testSession(app, request.body) }))

  api.get('/queueIntegration/:id', {
    config: { access: 'admin' },
    schema: { summary: 'One integration (its credentials and secret are never answered: hasJsonContent, hasSecret)', params: IdParams, response: { 200: IntegrationDto, ...errorResponses } },
  }, async (request) => app.integrations.get(request.auth!.companyId, request.params.id))

  api.get('/queueIntegration/:id/deliveries', {
    config: { access: 'admin' },
    schema: { summary: 'The newest 50 deliveries of an n8n or webhook integration: status, attempts, time', params: IdParams, response: { 200: Type.Object({ deliveries: Type.Array(DeliveryDto) }), ...errorResponses } },
  }, async (request) => app.integrations.deliveries(request.auth!.companyId, request.params.id))

  api.post('/queueIntegration', {
    config: { access: 'admin' },
    schema: { summary: 'Create an integration (defaults: typebot, 1000 ms between messages, 1 minute sessions)', body: CreateBody, response: { 201: IntegrationDto, ...errorResponses } },
  }, async (request, reply) => {
    const saved = await app.integrations.create(request.auth!.companyId, request.body)
    publish(saved.companyId, 'create', saved)
    return reply.status(201).send(saved)
  })

  api.put('/queueIntegration/:id', {
    config: { access: 'admin' },
    schema: { summary: 'Change an integration; a secret sent empty is kept', params: IdParams, body: UpdateBody, response: { 200: IntegrationDto, ...errorResponses } },
  }, async (request) => {
    const saved = await app.integrations.update(request.auth!.companyId, request.params.id, request.body)
    publish(saved.companyId, 'update', saved)
    return saved
  })

  api.delete('/queueIntegration/:id', {
    config: { access: 'admin' },
    schema: { summary: 'Delete an integration (its queues are left without one)', params: IdParams, response: { 200: Type.Object({ message: Type.String() }), ...errorResponses } },
  }, async (request) => {
    const gone = await app.integrations.remove(request.auth!.companyId, request.params.id)
    publish(gone.companyId, 'delete', gone)
    return { message: 'Integration deleted' }
  })
}
