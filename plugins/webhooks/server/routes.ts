import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { IdParams, Type, errorResponses, pageOf } from '@zapdesk/plugin-api'
import { WEBHOOK_EVENTS, DOMAIN_SOURCES } from './catalogue.ts'
import { CreateBody, DeliveryDto, EndpointDto, UpdateBody } from './serialize.ts'

/** Admins holding webhooks:manage only: an endpoint carries a company's secret and receives its data. */
const ADMIN = { access: 'admin', permission: 'webhooks:manage' } as const
const DeliveryParams = Type.Object({ id: IdParams.properties.id, deliveryId: IdParams.properties.id })
const PageQuery = Type.Object({ pageNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })) }, { additionalProperties: false })

/** Endpoints (CRUD), the events they may want, their delivery log, resend and "send a test event". Topic `webhook`. */
export default async function webhookRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  const publish = (companyId: number, data: Record<string, unknown>) => app.realtime.publish({ companyId, topic: 'webhook', data })

  api.get('/webhooks/events', {
    config: ADMIN,
    schema: { summary: 'The events an endpoint may want, by domain', response: { 200: Type.Object({ groups: Type.Array(Type.Object({ domain: Type.String(), events: Type.Array(Type.String()) })) }), ...errorResponses } },
  }, async () => {
    const known = new Set(app.events.catalogue().map((e) => e.name))
    const offered = Object.entries(WEBHOOK_EVENTS).filter(([domain]) => {
      const source = DOMAIN_SOURCES[domain as keyof typeof WEBHOOK_EVENTS]
      return !source || known.has(source)
    })
    return { groups: offered.map(([domain, events]) => ({ domain, events: [...events] })) }
  })

  api.get('/webhooks', {
    config: ADMIN,
    schema: { summary: 'The company\'s endpoints, by name (secrets never answered: hasSecret)', response: { 200: Type.Object({ webhooks: Type.Array(EndpointDto) }), ...errorResponses } },
  }, async (request) => ({ webhooks: await app.webhooks.list(request.auth!.companyId) }))

  api.get('/webhooks/:id', {
    config: ADMIN,
    schema: { summary: 'One endpoint', params: IdParams, response: { 200: EndpointDto, ...errorResponses } },
  }, async (request) => app.webhooks.get(request.auth!.companyId, request.params.id))

  api.post('/webhooks', {
    config: ADMIN,
    schema: { summary: 'Register an endpoint (its secret signs every delivery)', body: CreateBody, response: { 201: EndpointDto, ...errorResponses } },
  }, async (request, reply) => {
    const saved = await app.webhooks.create(request.auth!.companyId, request.body)
    publish(request.auth!.companyId, { action: 'update', webhook: saved })
    return reply.status(201).send(saved)
  })

  api.put('/webhooks/:id', {
    config: ADMIN,
    schema: { summary: 'Change an endpoint; a secret sent empty is kept', params: IdParams, body: UpdateBody, response: { 200: EndpointDto, ...errorResponses } },
  }, async (request) => {
    const saved = await app.webhooks.update(request.auth!.companyId, request.params.id, request.body)
    publish(request.auth!.companyId, { action: 'update', webhook: saved })
    return saved
  })

  api.delete('/webhooks/:id', {
    config: ADMIN,
    schema: { summary: 'Delete an endpoint with its delivery log', params: IdParams, response: { 200: Type.Object({ message: Type.String() }), ...errorResponses } },
  }, async (request) => {
    const gone = await app.webhooks.remove(request.auth!.companyId, request.params.id)
    publish(request.auth!.companyId, { action: 'delete', id: gone.id })
    return { message: 'Webhook deleted' }
  })

  api.get('/webhooks/:id/deliveries', {
    config: ADMIN,
    schema: { summary: 'The endpoint\'s deliveries, newest first, 20 a page', params: IdParams, querystring: PageQuery, response: { 200: pageOf('deliveries', DeliveryDto), ...errorResponses } },
  }, async (request) => app.webhooks.deliveries(request.auth!.companyId, request.params.id, request.query.pageNumber))

  api.post('/webhooks/:id/deliveries/:deliveryId/resend', {
    config: ADMIN,
    schema: { summary: 'Send a delivered or failed delivery again (same id)', params: DeliveryParams, response: { 200: DeliveryDto, ...errorResponses } },
  }, async (request) => app.webhooks.resend(request.auth!.companyId, request.params.id, request.params.deliveryId))

  api.post('/webhooks/:id/test', {
    config: ADMIN,
    schema: { summary: 'Send a test event (webhook.test) to this endpoint', params: IdParams, response: { 201: DeliveryDto, ...errorResponses } },
  }, async (request, reply) => reply.status(201).send(await app.webhooks.sendTest(request.auth!.companyId, request.params.id)))
}
