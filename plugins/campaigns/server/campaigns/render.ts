import type { FastifyInstance } from 'fastify'
import '@zapdesk/connections/public'
import { ContactList, type Campaign } from '../models.ts'
import { campaignDto, type CampaignJson } from './serialize.ts'
import { reportsOf } from './report.ts'

/** Campaigns as the pages show them: with their contact list's and connection's names, and the report when asked. */
export async function render(app: FastifyInstance, companyId: number, rows: Campaign[], withReport = false): Promise<CampaignJson[]> {
  const listIds = [...new Set(rows.flatMap((c) => (c.contactListId ? [c.contactListId] : [])))]
  const lists = listIds.length ? await app.bind(ContactList).query().forCompany(companyId).whereIn('id', listIds).select('id', 'name') : []
  const listById = new Map(lists.map((l) => [l.id, { id: l.id, name: l.name }]))
  const connections = await app.connections.rows(companyId, rows.flatMap((c) => (c.whatsappId ? [c.whatsappId] : [])))
  const reports = withReport ? await reportsOf(app, companyId, rows.map((c) => c.id)) : undefined
  return rows.map((c) => {
    const w = c.whatsappId ? connections.get(c.whatsappId) : undefined
    return campaignDto(c, {
      contactList: c.contactListId ? listById.get(c.contactListId) ?? null : null,
      whatsapp: w ? { id: w.id, name: w.name } : null,
      report: reports?.get(c.id),
    })
  })
}

export async function renderOne(app: FastifyInstance, companyId: number, row: Campaign, withReport = true): Promise<CampaignJson> {
  return (await render(app, companyId, [row], withReport))[0]
}
