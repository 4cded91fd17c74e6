import type { FastifyInstance } from 'fastify'
import type { Knex } from 'knex'
import { AppError, assertPlanLimit, type Static } from '@zapdesk/plugin-api'
import { Whatsapp, WhatsappQueue } from './models.ts'
import type { CreateBody, UpdateBody } from './serialize.ts'

type Create = Static<typeof CreateBody>
type Update = Static<typeof UpdateBody>

/**
 * Writes of connections and the rules around them:
 * - a company that has connections always has exactly one default: the first connection becomes the default,
 *   marking another as default moves it there, unmarking the only default is refused (ERR_NO_OTHER_WHATSAPP:
 *   choose the new default instead), and deleting the default hands it to the oldest remaining connection;
 * - more than one queue needs a greeting (ERR_WAPP_GREETING_REQUIRED): it is the menu the contact chooses from;
 * - the plan's connection limit applies on create.
 */

const blankToNull = (v: string | null | undefined) => (v === undefined ? undefined : v === null || v.trim() === '' ? null : v)

function fieldsOf(body: Update): Partial<Whatsapp> {
  const out: Partial<Whatsapp> = {}
  if (body.name !== undefined) out.name = body.name.trim()
  if (body.provider !== undefined) out.provider = body.provider
  for (const key of ['greetingMessage', 'complationMessage', 'outOfHoursMessage', 'ratingMessage', 'expiresInactiveMessage'] as const) {
    const v = blankToNull(body[key])
    if (v !== undefined) out[key] = v
  }
  for (const key of ['expiresTicket', 'timeUseBotQueues', 'maxUseBotQueues'] as const) if (body[key] !== undefined) out[key] = body[key]!
  for (const key of ['transferQueueId', 'promptId', 'integrationId', 'timeToTransfer'] as const) if (body[key] !== undefined) out[key] = body[key] ?? null
  return out
}

function assertGreeting(queueIds: number[], greeting: string | null | undefined): void {
  if (new Set(queueIds).size > 1 && !greeting?.trim()) throw new AppError('ERR_WAPP_GREETING_REQUIRED', 400)
}

async function saveQueues(app: FastifyInstance, trx: Knex.Transaction, companyId: number, whatsappId: number, queueIds: number[]): Promise<void> {
  const ids = [...new Set(queueIds)]
  await app.channels.queueHooks.validate?.(companyId, ids, trx)
  const Links = app.bind(WhatsappQueue)
  await Links.query(trx).forCompany(companyId).where({ whatsappId }).delete()
  // One statement for all (objection inserts many rows only on Postgres); the company is stamped explicitly.
  if (ids.length) await trx(WhatsappQueue.tableName).insert(ids.map((queueId) => ({ companyId, whatsappId, queueId })))
}

/** The transfer queue, the prompt and the integration must be the company's, when the plugins that own them are installed. */
async function checkRefs(app: FastifyInstance, trx: Knex.Transaction, companyId: number, body: Update): Promise<void> {
  if (body.transferQueueId) await app.channels.queueHooks.validate?.(companyId, [body.transferQueueId], trx)
  if (body.promptId) await app.channels.promptHooks.validate?.(companyId, body.promptId, trx)
  if (body.integrationId) await app.channels.integrationHooks.validate?.(companyId, body.integrationId, trx)
}

function assertProvider(app: FastifyInstance, provider: string | undefined): void {
  if (provider !== undefined && !app.channels.drivers.has(provider)) {
    throw new AppError('ERR_VALIDATION', 400, [{ field: 'body/provider', message: `must be one of ${app.channels.drivers.list().map((d) => d.provider).join(', ')}` }])
  }
}

export async function createWhatsapp(app: FastifyInstance, companyId: number, body: Create): Promise<{ created: Whatsapp; demoted: number[] }> {
  assertProvider(app, body.provider)
  assertGreeting(body.queueIds ?? [], body.greetingMessage)
  const Whatsapps = app.bind(Whatsapp)
  return app.knex.transaction(async (trx) => {
    await assertPlanLimit(app, companyId, 'connections', 'whatsapps', trx)
    const hasDefault = await Whatsapps.query(trx).forCompany(companyId).where({ isDefault: true }).first()
    const isDefault = body.isDefault === true || !hasDefault
    const demoted = isDefault && hasDefault ? await unsetDefaults(app, trx, companyId) : []
    const created = await Whatsapps.query(trx).forCompany(companyId).insert({
      provider: 'beta', expiresTicket: 0, timeUseBotQueues: 0, maxUseBotQueues: 3, retries: 0, status: 'OPENING', qrcode: '',
      ...fieldsOf(body), name: body.name.trim(), isDefault,
    })
    await saveQueues(app, trx, companyId, created.id, body.queueIds ?? [])
    await checkRefs(app, trx, companyId, body)
    return { created, demoted }
  })
}

/** Clears the default flag of every connection of the company; returns the ids that had it. */
async function unsetDefaults(app: FastifyInstance, trx: Knex.Transaction, companyId: number, except?: number): Promise<number[]> {
  const q = app.bind(Whatsapp).query(trx).forCompany(companyId).where({ isDefault: true })
  if (except) q.whereNot('id', except)
  const ids = (await q.clone().select('id')).map((r) => r.id)
  if (ids.length) await app.bind(Whatsapp).query(trx).forCompany(companyId).whereIn('id', ids).patch({ isDefault: false })
  return ids
}

export async function updateWhatsapp(app: FastifyInstance, current: Whatsapp, body: Update): Promise<{ updated: Whatsapp; demoted: number[] }> {
  assertProvider(app, body.provider)
  const { companyId, id } = current
  const Whatsapps = app.bind(Whatsapp)
  return app.knex.transaction(async (trx) => {
    const queueIds = body.queueIds ?? (await app.bind(WhatsappQueue).query(trx).forCompany(companyId).where({ whatsappId: id })).map((l) => l.queueId)
    assertGreeting(queueIds, body.greetingMessage !== undefined ? body.greetingMessage : current.greetingMessage)
    let demoted: number[] = []
    if (body.isDefault === true) demoted = await unsetDefaults(app, trx, companyId, id)
    if (body.isDefault === false && current.isDefault) throw new AppError('ERR_NO_OTHER_WHATSAPP', 400)
    const patch = { ...fieldsOf(body), ...(body.isDefault === true ? { isDefault: true } : {}) }
    const updated = Object.keys(patch).length ? await Whatsapps.query(trx).forCompany(companyId).patchAndFetchById(id, patch) : current
    if (body.queueIds !== undefined) await saveQueues(app, trx, companyId, id, body.queueIds)
    await checkRefs(app, trx, companyId, body)
    return { updated, demoted }
  })
}

/** Deletes a connection; when it was the default, the oldest remaining one becomes the default (its id is returned). */
export async function deleteWhatsapp(app: FastifyInstance, current: Whatsapp): Promise<number | undefined> {
  const Whatsapps = app.bind(Whatsapp)
  return app.knex.transaction(async (trx) => {
    await app.connections.deletionHooks.run(trx, current.companyId, current.id)
    await Whatsapps.query(trx).forCompany(current.companyId).deleteById(current.id)
    if (!current.isDefault) return undefined
    const next = await Whatsapps.query(trx).forCompany(current.companyId).orderBy('id').first()
    if (next) await Whatsapps.query(trx).forCompany(current.companyId).patch({ isDefault: true }).where({ id: next.id })
    return next?.id
  })
}
