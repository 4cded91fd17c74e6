import type { FastifyInstance } from 'fastify'
import { AppError } from '@zapdesk/plugin-api'
import { Campaign } from '../models.ts'
import { instantOf } from './local-time.ts'
import { assertReferences, isEditable, missingForSchedule, statusAfterSave } from './rules.ts'
import { CONFIRMATION_FIELDS, MESSAGE_FIELDS, type CampaignInput } from './serialize.ts'
import { wakeSweep } from '../sender/sweep.ts'

export async function findCampaign(app: FastifyInstance, companyId: number, id: number): Promise<Campaign> {
  const row = await app.bind(Campaign).query().forCompany(companyId).findById(id)
  if (!row) throw new AppError('ERR_NO_CAMPAIGN_FOUND', 404)
  return row
}

async function timezoneOf(app: FastifyInstance, companyId: number): Promise<string> {
  const company = await app.knex('companies').where({ id: companyId }).first('timezone')
  return company?.timezone ?? 'America/Sao_Paulo'
}

/** The row's values from a body: texts trimmed to null when empty, the schedule read in the company's timezone. */
async function valuesOf(app: FastifyInstance, companyId: number, b: Partial<CampaignInput>): Promise<Partial<Campaign>> {
  const values: Partial<Campaign> = {}
  if (b.name !== undefined) values.name = b.name.trim()
  for (const f of [...MESSAGE_FIELDS, ...CONFIRMATION_FIELDS]) if (b[f] !== undefined) values[f] = b[f]?.trim() ? b[f]! : null
  if (b.confirmation !== undefined) values.confirmation = b.confirmation
  if (b.whatsappId !== undefined) values.whatsappId = b.whatsappId
  if (b.contactListId !== undefined) values.contactListId = b.contactListId
  if (b.tagListId !== undefined) values.tagListId = typeof b.tagListId === 'number' ? b.tagListId : null
  if (b.fileListId !== undefined) values.fileListId = b.fileListId
  if (b.scheduledAt !== undefined) {
    if (!b.scheduledAt?.trim()) values.scheduledAt = null
    else {
      const at = instantOf(b.scheduledAt, await timezoneOf(app, companyId))
      if (!at) throw new AppError('ERR_VALIDATION', 400, [{ field: 'scheduledAt', message: 'must be YYYY-MM-DD HH:mm:ss' }])
      values.scheduledAt = at.toISOString()
    }
  }
  return values
}

/** Saves a new campaign or changes one (within the edit lock); a schedule needs a complete campaign. */
export async function saveCampaign(app: FastifyInstance, companyId: number, b: Partial<CampaignInput>, current?: Campaign): Promise<Campaign> {
  if (current && !isEditable(current)) throw new AppError('ERR_CAMPAIGN_LOCKED', 409)
  await assertReferences(app, companyId, b)
  const values = await valuesOf(app, companyId, b)
  const merged = { ...(current ?? {}), ...values } as Campaign
  const scheduledAt = merged.scheduledAt ? new Date(merged.scheduledAt) : null
  merged.status = statusAfterSave(current?.status, scheduledAt)
  if (merged.status === 'PROGRAMADA') {
    const missing = missingForSchedule(merged)
    if (missing.length) throw new AppError('ERR_VALIDATION', 400, missing)
  }
  const Campaigns = app.bind(Campaign).query().forCompany(companyId)
  const row = current
    ? await Campaigns.patchAndFetchById(current.id, { ...values, status: merged.status })
    : await Campaigns.insert({ confirmation: false, mediaPath: null, mediaName: null, ...values, name: values.name!, status: merged.status })
  if (row.status === 'PROGRAMADA' && scheduledAt && scheduledAt.getTime() <= Date.now() + 1000) await wakeSweep(app)
  return row
}

/** Stops a running (or scheduled) campaign: nothing more is sent; what is in flight finishes. */
export async function cancelCampaign(app: FastifyInstance, companyId: number, id: number): Promise<Campaign> {
  const current = await findCampaign(app, companyId, id)
  const n = await app.bind(Campaign).query().forCompany(companyId).findById(id).whereIn('status', ['EM_ANDAMENTO', 'PROGRAMADA']).patch({ status: 'CANCELADA', pausedReason: null })
  if (!n) throw new AppError('ERR_CAMPAIGN_NOT_RUNNING', 409, { status: current.status })
  return findCampaign(app, companyId, id)
}

/** Resumes a cancelled campaign where it stopped: recipients already sent to are not sent to again. */
export async function restartCampaign(app: FastifyInstance, companyId: number, id: number): Promise<Campaign> {
  const current = await findCampaign(app, companyId, id)
  if (current.status === 'CANCELADA') {
    const missing = missingForSchedule(current)
    if (missing.length) throw new AppError('ERR_VALIDATION', 400, missing)
  }
  const n = await app.bind(Campaign).query().forCompany(companyId).findById(id).where('status', 'CANCELADA').patch({ status: 'EM_ANDAMENTO', completedAt: null })
  if (!n) throw new AppError('ERR_CAMPAIGN_NOT_CANCELLED', 409, { status: current.status })
  await wakeSweep(app)
  return findCampaign(app, companyId, id)
}
