import type { FastifyInstance } from 'fastify'
import { settingsOf } from './settings.ts'

/** The module whose switch is the spec's campaignsEnabled setting (the setting is its only record). */
export const SETTING_SWITCHES: Record<string, string> = { useCampaigns: 'campaignsEnabled' }

interface ModulesCache {
  off: Map<number, readonly string[]>
  generations: Map<number, number>
}
const caches = new WeakMap<FastifyInstance, ModulesCache>()

/** Companies cached at most: a bound on memory, not a policy (the whole cache is dropped when it is reached). */
const MAX_CACHED = 10_000

function cacheOf(app: FastifyInstance): ModulesCache {
  let cache = caches.get(app)
  if (cache) return cache
  const created: ModulesCache = { off: new Map(), generations: new Map() }
  caches.set(app, (cache = created))
  // Every instance drops its copy when a switch changes (modules.ts) or the company goes.
  for (const name of ['modules.updated', 'company.deleted'] as const) {
    app.events.on(name, ({ companyId }) => forgetModules(app, companyId), { scope: 'cluster' })
  }
  return cache
}

/**
 * Drops this instance's copy of a company's module switches: a writer of companyModules calls it before and after
 * its write (a read during the write may have kept the old rows), and emits modules.updated for the other instances.
 */
export function forgetModules(app: FastifyInstance, companyId: number): void {
  const cache = cacheOf(app)
  cache.off.delete(companyId)
  cache.generations.set(companyId, (cache.generations.get(companyId) ?? 0) + 1)
}

/**
 * The modules a company switched off in companyModules, read once and kept in memory until a switch changes: the
 * access hook asks on every request, and switches change a few times in a company's life.
 */
async function modulesOff(app: FastifyInstance, companyId: number): Promise<readonly string[]> {
  const cache = cacheOf(app)
  const kept = cache.off.get(companyId)
  if (kept) return kept
  const generation = cache.generations.get(companyId) ?? 0
  const rows = Object.freeze((await app.knex('companyModules').where({ companyId, enabled: false }).pluck('feature')) as string[])
  if ((cache.generations.get(companyId) ?? 0) === generation) {
    if (cache.off.size >= MAX_CACHED) cache.off.clear()
    cache.off.set(companyId, rows)
  }
  return rows
}

/**
 * The plan features a company switched off: its modules turned off in Settings (companyModules), and useCampaigns
 * while the spec's campaignsEnabled setting is 'false' (the same switch under the spec's name). Every route, topic and
 * menu entry of such a feature is off for the company.
 */
export async function switchedOffFeatures(app: FastifyInstance, companyId: number): Promise<string[]> {
  const rows = await modulesOff(app, companyId)
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
