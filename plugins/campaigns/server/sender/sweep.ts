import type { FastifyInstance } from 'fastify'
import { randomUUID } from 'node:crypto'
import type { JobDefinition } from '@zapdesk/plugin-api'
import { Campaign, CampaignShipping } from '../models.ts'
import { renderOne } from '../campaigns/render.ts'
import { publishCampaign } from '../campaigns/publish.ts'
import { PREPARE_JOB } from './prepare.ts'
import { scheduleDispatch } from './dispatch.ts'
import { finishDone } from './finish.ts'

const SWEEP_JOB = 'campaigns:sweep'
export const SWEEP_EVERY_MS = 5000

/**
 * The sender's clock, from the database alone, so a restart (or a lost job queue) loses nothing: scheduled campaigns
 * whose time came start; running ones not yet prepared are prepared (again); every connection with recipients to
 * send to gets a run; campaigns with nobody left finish.
 */
export async function sweep(app: FastifyInstance, now = new Date()): Promise<void> {
  const due = await app.bind(Campaign).query().unscoped().where('status', 'PROGRAMADA').where('scheduledAt', '<=', now).select('id', 'companyId')
  for (const c of due) {
    const n = await app.bind(Campaign).query().forCompany(c.companyId).findById(c.id).where('status', 'PROGRAMADA').patch({ status: 'EM_ANDAMENTO' })
    if (!n) continue
    const row = await app.bind(Campaign).query().forCompany(c.companyId).findById(c.id)
    if (row) publishCampaign(app, c.companyId, { action: 'update', record: await renderOne(app, c.companyId, row) })
  }
  const unprepared = await app.bind(Campaign).query().unscoped().where('status', 'EM_ANDAMENTO').whereNull('preparedAt').select('id', 'companyId')
  for (const c of unprepared) await app.jobs.enqueue(PREPARE_JOB, { companyId: c.companyId, campaignId: c.id }, { jobId: `prepare-${c.id}` })
  const busy = (await app.knex(`${CampaignShipping.tableName} as s`).join(`${Campaign.tableName} as c`, 'c.id', 's.campaignId')
    .whereIn('s.state', ['pending', 'sending', 'confirmed']).whereIn('c.status', ['EM_ANDAMENTO', 'FINALIZADA'])
    .distinct('s.companyId', 's.whatsappId')) as Array<{ companyId: number; whatsappId: number }>
  const slot = Math.floor(now.getTime() / SWEEP_EVERY_MS)
  for (const b of busy) await scheduleDispatch(app, { companyId: Number(b.companyId), whatsappId: Number(b.whatsappId) }, 0, `sweep-${slot}`)
  await finishDone(app)
}

export const sweepJob: JobDefinition<Record<string, never>> = {
  concurrency: 1,
  retries: 1,
  handler: async (_data, _job, app) => sweep(app),
}

/** Runs a sweep now (a campaign just became due, or was restarted). */
export async function wakeSweep(app: FastifyInstance): Promise<void> {
  await app.jobs.enqueue(SWEEP_JOB, {}, { jobId: `sweep-now-${randomUUID()}` }).catch((err) => app.log.warn({ err }, 'queueing the campaign sweep failed'))
}

/**
 * A sweep when the background work begins (app.background) and every few seconds after; one job id per slot, so
 * instances share each sweep.
 */
export function scheduleSweeps(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined
  const wake = (jobId: string) => app.jobs.enqueue(SWEEP_JOB, {}, { jobId }).catch((err) => app.log.warn({ err }, 'queueing the campaign sweep failed'))
  app.background.add('campaigns: sweeps', () => {
    void wake(`boot-${randomUUID()}`)
    timer = setInterval(() => void wake(`slot-${Math.floor(Date.now() / SWEEP_EVERY_MS)}`), SWEEP_EVERY_MS)
    timer.unref()
  })
  app.addHook('onClose', async () => clearInterval(timer))
}
