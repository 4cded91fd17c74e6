import type { FastifyInstance } from 'fastify'
import { Campaign, CampaignShipping } from '../models.ts'
import { renderOne } from '../campaigns/render.ts'
import { publishCampaign } from '../campaigns/publish.ts'

/**
 * Running campaigns whose every recipient is done (delivered, failed, or waiting for a confirmation) become
 * FINALIZADA with their completion time; `scope` narrows to one connection's. Conditional, so two instances finish a
 * campaign once.
 */
export async function finishDone(app: FastifyInstance, scope?: { companyId: number; whatsappId: number }): Promise<number> {
  const running = app.bind(Campaign).query().unscoped().where('status', 'EM_ANDAMENTO').whereNotNull('preparedAt')
  if (scope) running.where({ companyId: scope.companyId, whatsappId: scope.whatsappId })
  let finished = 0
  for (const c of await running.select('id', 'companyId')) {
    const open = await app.bind(CampaignShipping).query().forCompany(c.companyId).where({ campaignId: c.id }).whereIn('state', ['pending', 'sending', 'confirmed']).select('id').first()
    if (open) continue
    const n = await app.bind(Campaign).query().forCompany(c.companyId).findById(c.id).where('status', 'EM_ANDAMENTO')
      .patch({ status: 'FINALIZADA', completedAt: new Date().toISOString(), pausedReason: null })
    if (!n) continue
    finished++
    const row = await app.bind(Campaign).query().forCompany(c.companyId).findById(c.id)
    if (!row) continue
    publishCampaign(app, c.companyId, { action: 'update', record: await renderOne(app, c.companyId, row) })
    app.events.emit('campaign.finished', { companyId: c.companyId, campaignId: c.id, name: row.name, completedAt: new Date(row.completedAt ?? Date.now()).toISOString(), ...await tally(app, c.companyId, c.id) })
  }
  return finished
}

/** Delivered and failed recipients of a finished campaign (recipients waiting for a confirmation count in neither). */
async function tally(app: FastifyInstance, companyId: number, campaignId: number): Promise<{ delivered: number; failed: number; total: number }> {
  const rows = await app.bind(CampaignShipping).query().forCompany(companyId).where({ campaignId }).groupBy('state')
    .select('state').count('* as n') as unknown as Array<{ state: string; n: number | string }>
  const of = (state: string) => Number(rows.find((r) => r.state === state)?.n ?? 0)
  return { delivered: of('delivered'), failed: of('failed'), total: rows.reduce((sum, r) => sum + Number(r.n), 0) }
}

/** Marks a connection's running campaigns as not sending, and why (shown on the report); null clears it. */
export async function setPaused(app: FastifyInstance, companyId: number, whatsappId: number, reason: string | null): Promise<number[]> {
  const q = app.bind(Campaign).query().forCompany(companyId).where({ whatsappId, status: 'EM_ANDAMENTO' })
  const ids = (await (reason ? q.clone().where((w) => w.whereNull('pausedReason').orWhereNot('pausedReason', reason)) : q.clone().whereNotNull('pausedReason')).select('id')).map((c) => c.id)
  if (ids.length) await app.bind(Campaign).query().forCompany(companyId).whereIn('id', ids).patch({ pausedReason: reason })
  return ids
}
