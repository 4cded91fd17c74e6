import type { FastifyInstance } from 'fastify'
import { Campaign } from '../models.ts'
import { reportsOf } from '../campaigns/report.ts'
import { publishCampaign } from '../campaigns/publish.ts'

const EVERY_MS = 500
const pending = new WeakMap<FastifyInstance, Map<number, { companyId: number; timer: NodeJS.Timeout }>>()

/** Publishes a campaign's status and report figures now. */
export async function publishProgress(app: FastifyInstance, companyId: number, campaignId: number): Promise<void> {
  const c = await app.bind(Campaign).query().forCompany(companyId).findById(campaignId)
  if (!c) return
  const report = (await reportsOf(app, companyId, [c.id])).get(c.id)!
  publishCampaign(app, companyId, { action: 'progress', id: c.id, status: c.status, pausedReason: c.pausedReason ?? null, report })
}

/**
 * Live progress without a frame per message: a campaign's figures go out at most every half second (the last change
 * always goes out), from the instance that sent.
 */
export function touchProgress(app: FastifyInstance, companyId: number, campaignId: number): void {
  let timers = pending.get(app)
  if (!timers) pending.set(app, (timers = new Map()))
  if (timers.has(campaignId)) return
  const timer = setTimeout(() => {
    timers.delete(campaignId)
    publishProgress(app, companyId, campaignId).catch((err) => app.log.warn({ err, campaignId }, 'campaign progress not published'))
  }, EVERY_MS)
  timer.unref()
  timers.set(campaignId, { companyId, timer })
}

/** Drops the waiting publishes (the app is closing: the database goes away under them). */
export function stopProgress(app: FastifyInstance): void {
  for (const { timer } of pending.get(app)?.values() ?? []) clearTimeout(timer)
  pending.delete(app)
}
