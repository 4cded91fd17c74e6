import type { FastifyInstance } from 'fastify'
import { CampaignShipping } from '../models.ts'
import type { CampaignReportJson } from './serialize.ts'

/** The report's figures from the shipping rows, in one grouped query per campaign set. */
export async function reportsOf(app: FastifyInstance, companyId: number, campaignIds: number[]): Promise<Map<number, CampaignReportJson>> {
  const out = new Map<number, CampaignReportJson>()
  for (const id of campaignIds) out.set(id, { valid: 0, delivered: 0, confirmationRequested: 0, confirmed: 0, failed: 0, remaining: 0 })
  if (!campaignIds.length) return out
  const rows = (await app.bind(CampaignShipping).query().forCompany(companyId).whereIn('campaignId', campaignIds)
    .groupBy('campaignId', 'state').select('campaignId', 'state')
    .count({ n: '*' }).count({ requested: 'confirmationRequestedAt' }).count({ confirmed: 'confirmedAt' })) as unknown as Array<{ campaignId: number; state: string; n: number; requested: number; confirmed: number }>
  for (const r of rows) {
    const report = out.get(Number(r.campaignId))!
    const n = Number(r.n)
    report.valid += n
    report.confirmationRequested += Number(r.requested)
    report.confirmed += Number(r.confirmed)
    if (r.state === 'delivered') report.delivered += n
    else if (r.state === 'failed') report.failed += n
    else if (r.state !== 'awaiting') report.remaining += n
  }
  return out
}
