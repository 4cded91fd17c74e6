import type { FastifyInstance } from 'fastify'
import { Type, type Static } from '@zapdesk/plugin-api'
import { CampaignSetting } from '../models.ts'

/** The spec's options (seconds) and defaults: 20 / 20 / 60. */
export const MESSAGE_INTERVALS = [0, 5, 10, 15, 20] as const
export const LONG_OPTIONS = [0, 1, 5, 10, 15, 20, 30, 40, 60, 80, 100, 120] as const

const oneOf = (values: readonly number[]) => Type.Union(values.map((v) => Type.Literal(v)))
const Variable = Type.Object({
  key: Type.String({ minLength: 1, maxLength: 40, pattern: '^[\\p{L}\\p{N}_]+$' }),
  value: Type.String({ maxLength: 1000 }),
})
export const CampaignSettingsBody = Type.Object({
  messageInterval: Type.Optional(oneOf(MESSAGE_INTERVALS)),
  longerIntervalAfter: Type.Optional(oneOf(LONG_OPTIONS)),
  greaterInterval: Type.Optional(oneOf(LONG_OPTIONS)),
  variables: Type.Optional(Type.Array(Variable, { maxItems: 50 })),
})
export type CampaignSettings = Required<Static<typeof CampaignSettingsBody>>

export const DEFAULTS: CampaignSettings = { messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60, variables: [] }
const KEYS = Object.keys(DEFAULTS) as Array<keyof CampaignSettings>

/** A company's campaign settings, the spec's defaults for what it never saved. Values are stored as JSON. */
export async function campaignSettingsOf(app: FastifyInstance, companyId: number): Promise<CampaignSettings> {
  const rows = await app.bind(CampaignSetting).query().forCompany(companyId)
  const out: CampaignSettings = { ...DEFAULTS, variables: [] }
  for (const r of rows) {
    if (!KEYS.includes(r.key as keyof CampaignSettings)) continue
    try {
      ;(out as Record<string, unknown>)[r.key] = JSON.parse(r.value)
    } catch {
      // A value that is not JSON was not written by this plugin: the default stands.
    }
  }
  return out
}

/** Saves the given keys (each one row), in one transaction. */
export async function saveCampaignSettings(app: FastifyInstance, companyId: number, settings: Partial<CampaignSettings>): Promise<CampaignSettings> {
  await app.knex.transaction(async (trx) => {
    for (const key of KEYS) {
      if (settings[key] === undefined) continue
      const value = JSON.stringify(settings[key])
      const updated = await app.bind(CampaignSetting).query(trx).forCompany(companyId).where({ key }).patch({ value })
      if (!updated) await app.bind(CampaignSetting).query(trx).forCompany(companyId).insert({ key, value })
    }
  })
  return campaignSettingsOf(app, companyId)
}
