import type { FastifyInstance } from 'fastify'
import { Type } from '@sinclair/typebox'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Setting } from './models.ts'
import { errorResponses } from '../http/schemas.ts'
import { AppError } from '../errors/app-error.ts'

const ENABLED = ['enabled', 'disabled']

/** The spec's setting keys, their defaults and the values each accepts (null: free text). */
export const SETTINGS: Record<string, { default: string; values: string[] | null }> = {
  userRating: { default: 'disabled', values: ENABLED },
  scheduleType: { default: 'disabled', values: ['disabled', 'queue', 'company'] },
  call: { default: 'enabled', values: ENABLED },
  CheckMsgIsGroup: { default: 'enabled', values: ENABLED },
  sendGreetingAccepted: { default: 'enabled', values: ENABLED },
  sendMsgTransfTicket: { default: 'disabled', values: ENABLED },
  sendGreetingMessageOneQueues: { default: 'enabled', values: ENABLED },
  chatBotType: { default: 'text', values: ['text'] },
  asaas: { default: '', values: null },
  campaignsEnabled: { default: 'true', values: ['true', 'false'] },
  /** The language of the texts the platform writes to contacts (greetings, transfer notices, rating scale). */
  language: { default: 'pt', values: ['pt', 'en', 'es'] },
}

/**
 * Per app: the companies' settings as last read, and a generation per company that every invalidation bumps (a
 * read that started before an invalidation is not kept: it may hold the old value).
 */
interface SettingsCache {
  values: Map<number, Readonly<Record<string, string>>>
  generations: Map<number, number>
}
const caches = new WeakMap<FastifyInstance, SettingsCache>()

/** Companies cached at most: a bound on memory, not a policy (the whole cache is dropped when it is reached). */
const MAX_CACHED = 10_000

function invalidate(cache: SettingsCache, companyId: number): void {
  cache.values.delete(companyId)
  cache.generations.set(companyId, (cache.generations.get(companyId) ?? 0) + 1)
}

/**
 * The app's cache, created on first use. Settings change through writeSetting (which invalidates here at once) and
 * are announced with 'settings.updated' ('company.updated' for campaignsEnabled): cluster handlers, so every
 * instance drops its copy. A company's deletion drops it too.
 */
function cacheOf(app: FastifyInstance): SettingsCache {
  let cache = caches.get(app)
  if (cache) return cache
  const created: SettingsCache = { values: new Map(), generations: new Map() }
  caches.set(app, (cache = created))
  for (const name of ['settings.updated', 'company.updated', 'company.deleted'] as const) {
    app.events.on(name, ({ companyId }) => invalidate(created, companyId), { scope: 'cluster' })
  }
  return cache
}

/**
 * A company's settings with the defaults for keys it never saved. Read once per company and kept in memory until a
 * change is announced (every message of the inbound pipeline reads them); each caller gets its own copy.
 */
export async function settingsOf(app: FastifyInstance, companyId: number): Promise<Record<string, string>> {
  const cache = cacheOf(app)
  const cached = cache.values.get(companyId)
  if (cached) return { ...cached }
  const generation = cache.generations.get(companyId) ?? 0
  const rows = await app.bind(Setting).query().forCompany(companyId).select('key', 'value')
  const out: Record<string, string> = Object.fromEntries(Object.entries(SETTINGS).map(([k, d]) => [k, d.default]))
  for (const r of rows) out[r.key] = r.value
  if ((cache.generations.get(companyId) ?? 0) === generation) {
    if (cache.values.size >= MAX_CACHED) cache.values.clear()
    cache.values.set(companyId, Object.freeze({ ...out }))
  }
  return out
}

/** Saves one setting; this instance's cached copy is dropped at once, the others' on the event the caller emits. */
export async function writeSetting(app: FastifyInstance, companyId: number, key: string, value: string): Promise<void> {
  const Settings = app.bind(Setting)
  const cache = cacheOf(app)
  invalidate(cache, companyId)
  try {
    const updated = await Settings.query().forCompany(companyId).patch({ value }).where({ key })
    if (updated === 0) await Settings.query().forCompany(companyId).insert({ key, value })
  } finally {
    // Again once written: a read that ran during the write may have cached the old value.
    invalidate(cache, companyId)
  }
}

const SettingBody = Type.Object({ value: Type.String({ maxLength: 500 }), key: Type.Optional(Type.String({ maxLength: 64 })) })
const KeyParams = Type.Object({ key: Type.String({ maxLength: 64 }) })
const SettingAnswer = Type.Object({ key: Type.String(), value: Type.String() })

/** Keys of the platform itself (the payments account that bills the companies): super users only. */
const PLATFORM_KEYS = new Set(['asaas'])

/** Whether a caller may read or write a setting: the platform's own keys are the super users'. */
export const settingVisibleTo = (key: string, auth: { super: boolean }): boolean => auth.super || !PLATFORM_KEYS.has(key)

export default async function settingsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()

  api.get('/settings', {
    config: { allowOverdue: true },
    schema: { tags: ['settings'], summary: 'The company\'s settings', response: { 200: Type.Array(SettingAnswer), ...errorResponses } },
  }, async (request) => Object.entries(await settingsOf(app, request.auth!.companyId))
    .filter(([key]) => settingVisibleTo(key, request.auth!))
    .map(([key, value]) => ({ key, value })))

  api.put('/settings/:key', {
    config: { access: 'admin', permission: 'settings:edit' },
    schema: { tags: ['settings'], summary: 'Change one setting', params: KeyParams, body: SettingBody, response: { 200: SettingAnswer, ...errorResponses } },
  }, async (request) => {
    const { key } = request.params
    // Own keys only: 'constructor' or '__proto__' must not find Object.prototype's members.
    const def = Object.hasOwn(SETTINGS, key) ? SETTINGS[key] : undefined
    if (!def) throw new AppError('ERR_NO_SETTING_FOUND', 404)
    if (!settingVisibleTo(key, request.auth!)) throw new AppError('ERR_NO_PERMISSION', 403)
    const value = request.body.value.trim()
    if (def.values && !def.values.includes(value)) {
      throw new AppError('ERR_VALIDATION', 400, [{ field: 'value', message: `must be one of ${def.values.join(', ')}` }])
    }
    await writeSetting(app, request.auth!.companyId, key, value)
    app.events.emit('settings.updated', { companyId: request.auth!.companyId, key, value })
    app.realtime.publish({ companyId: request.auth!.companyId, topic: 'settings', data: { action: 'update', setting: { key, value } } })
    return { key, value }
  })
}
