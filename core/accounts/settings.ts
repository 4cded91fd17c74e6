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
}

/** A company's settings with the defaults for keys it never saved. */
export async function settingsOf(app: FastifyInstance, companyId: number): Promise<Record<string, string>> {
  const rows = await app.bind(Setting).query().forCompany(companyId).select('key', 'value')
  const out: Record<string, string> = Object.fromEntries(Object.entries(SETTINGS).map(([k, d]) => [k, d.default]))
  for (const r of rows) out[r.key] = r.value
  return out
}

export async function writeSetting(app: FastifyInstance, companyId: number, key: string, value: string): Promise<void> {
  const Settings = app.bind(Setting)
  const updated = await Settings.query().forCompany(companyId).patch({ value }).where({ key })
  if (updated === 0) await Settings.query().forCompany(companyId).insert({ key, value })
}

const SettingBody = Type.Object({ value: Type.String({ maxLength: 500 }), key: Type.Optional(Type.String({ maxLength: 64 })) })
const KeyParams = Type.Object({ key: Type.String({ maxLength: 64 }) })
const SettingAnswer = Type.Object({ key: Type.String(), value: Type.String() })

export default async function settingsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()

  api.get('/settings', {
    config: { allowOverdue: true },
    schema: { tags: ['settings'], summary: 'The company\'s settings', response: { 200: Type.Array(SettingAnswer), ...errorResponses } },
  }, async (request) => Object.entries(await settingsOf(app, request.auth!.companyId)).map(([key, value]) => ({ key, value })))

  api.put('/settings/:key', {
    config: { access: 'admin', permission: 'settings:edit' },
    schema: { tags: ['settings'], summary: 'Change one setting', params: KeyParams, body: SettingBody, response: { 200: SettingAnswer, ...errorResponses } },
  }, async (request) => {
    const { key } = request.params
    // Own keys only: 'constructor' or '__proto__' must not find Object.prototype's members.
    const def = Object.hasOwn(SETTINGS, key) ? SETTINGS[key] : undefined
    if (!def) throw new AppError('ERR_NO_SETTING_FOUND', 404)
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
