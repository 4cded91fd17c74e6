import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { IdParams, Pagination, Type, errorResponses, pageOf } from '@zapdesk/plugin-api'
import { Campaign } from '../models.ts'
import { CampaignBody, CampaignDto } from './serialize.ts'
import { render, renderOne } from './render.ts'
import { cancelCampaign, findCampaign, restartCampaign, saveCampaign } from './service.ts'
import { publishCampaign } from './publish.ts'
import mediaRoutes from './media-routes.ts'
import { assertOwnCompany } from '../own-company.ts'

const PAGE_SIZE = 20

/** Campaigns (admins of companies with useCampaigns and campaignsEnabled on): the spec's CRUD, cancel and restart. */
export default async function campaignRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  const Campaigns = app.bind(Campaign)

  api.get('/campaigns', {
    schema: { summary: 'Campaigns, newest first, paged; searchParam matches the name', querystring: Pagination, response: { 200: pageOf('records', CampaignDto), ...errorResponses } },
  }, async (request) => {
    const { companyId } = request.auth!
    const page = request.query.pageNumber ?? 1
    const base = Campaigns.query().forCompany(companyId)
    const term = request.query.searchParam?.trim().toLowerCase()
    if (term) base.whereRaw("lower(name) like ? escape '!'", [`%${term.replace(/[!%_]/g, '!$&')}%`])
    const [{ n }] = (await base.clone().clearSelect().count({ n: '*' })) as unknown as Array<{ n: number }>
    const rows = await base.orderBy('id', 'desc').limit(PAGE_SIZE).offset((page - 1) * PAGE_SIZE)
    return { records: await render(app, companyId, rows), count: Number(n), hasMore: Number(n) > page * PAGE_SIZE }
  })

  api.get('/campaigns/:id', {
    schema: { summary: 'One campaign with its report (valid recipients, delivered, confirmations)', params: IdParams, response: { 200: CampaignDto, ...errorResponses } },
  }, async (request) => renderOne(app, request.auth!.companyId, await findCampaign(app, request.auth!.companyId, request.params.id)))

  api.post('/campaigns', {
    schema: { summary: 'Create a campaign: INATIVA, or PROGRAMADA with a scheduledAt (then it must be complete)', body: CampaignBody, response: { 201: CampaignDto, ...errorResponses } },
  }, async (request, reply) => {
    const { companyId } = request.auth!
    assertOwnCompany(request.auth!, request.body.companyId)
    const record = await renderOne(app, companyId, await saveCampaign(app, companyId, request.body))
    publishCampaign(app, companyId, { action: 'create', record })
    return reply.status(201).send(record)
  })

  api.put('/campaigns/:id', {
    schema: { summary: 'Change a campaign (INATIVA, CANCELADA, or PROGRAMADA more than an hour ahead: ERR_CAMPAIGN_LOCKED otherwise)', params: IdParams, body: Type.Partial(CampaignBody), response: { 200: CampaignDto, ...errorResponses } },
  }, async (request) => {
    const { companyId } = request.auth!
    assertOwnCompany(request.auth!, request.body.companyId)
    const current = await findCampaign(app, companyId, request.params.id)
    const record = await renderOne(app, companyId, await saveCampaign(app, companyId, request.body, current))
    publishCampaign(app, companyId, { action: 'update', record })
    return record
  })

  api.delete('/campaigns/:id', {
    schema: { summary: 'Delete a campaign, its recipients\' records and its file (a running one stops)', params: IdParams, response: { 204: Type.Null(), ...errorResponses } },
  }, async (request, reply) => {
    const { companyId } = request.auth!
    const current = await findCampaign(app, companyId, request.params.id)
    await Campaigns.query().forCompany(companyId).deleteById(current.id)
    if (current.mediaPath) await app.storage.remove(companyId, current.mediaPath)
    publishCampaign(app, companyId, { action: 'delete', id: current.id })
    return reply.status(204).send(null)
  })

  for (const [verb, run] of [['cancel', cancelCampaign], ['restart', restartCampaign]] as const) {
    api.post(`/campaigns/:id/${verb}`, {
      schema: {
        summary: verb === 'cancel' ? 'Stop a running or scheduled campaign (CANCELADA)' : 'Resume a cancelled campaign (EM_ANDAMENTO); nobody already sent to gets it again',
        params: IdParams, response: { 200: CampaignDto, ...errorResponses },
      },
    }, async (request) => {
      const { companyId } = request.auth!
      const record = await renderOne(app, companyId, await run(app, companyId, request.params.id))
      publishCampaign(app, companyId, { action: 'update', record })
      return record
    })
  }

  await app.register(mediaRoutes)
}
