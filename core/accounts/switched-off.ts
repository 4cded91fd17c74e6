import type { FastifyInstance } from 'fastify'
import { settingsOf } from './settings.ts'

/** The module whose switch is the spec's campaignsEnabled setting (the setting is its only record). */
export const SETTING_SWITCHES: Record<string, string> = { useCampaigns: 'campaignsEnabled' }

/**
 * The plan features a company switched off: its modules turned off in Settings (companyModules), and useCampaigns
 * while the spec's campaignsEnabled setting is 'false' (the same switch under the spec's name). Every route, topic and
 * menu entry of such a feature is off for the company.
 */
export async function switchedOffFeatures(app: FastifyInstance, companyId: number): Promise<string[]> {
  const rows: string[] = await app.knex('companyModules').where({ companyId, enabled: false }).pluck('feature')
  const disabled = rows.filter((f) => !SETTING_SWITCHES[f])
  const settings = await settingsOf(app, companyId)
  for (const [feature, key] of Object.entries(SETTING_SWITCHES)) if (settings[key] === 'false') disabled.push(feature)
  return disabled
}

/** A company's features now: its plan's (`plans.features` as stored, a JSON list) less the modules it switched off. */
export async function featuresNow(app: FastifyInstance, companyId: number, planFeatures: string | null): Promise<Set<string>> {
  const disabled = await switchedOffFeatures(app, companyId)
  const inPlan: string[] = planFeatures ? JSON.parse(planFeatures) : []
  return new Set(inPlan.filter((f) => !disabled.includes(f)))
}
