export interface FeatureInfo {
  feature: string
  label: { pt: string; en: string; es: string }
}

/**
 * The spec's plan flags. Plugins gate themselves on these (or declare new ones); the plan form and
 * `/companies/listPlan` always show them so plans keep the spec's shape before every module is installed.
 */
export const SPEC_FEATURES: FeatureInfo[] = [
  { feature: 'useCampaigns', label: { pt: 'Campanhas', en: 'Campaigns', es: 'Campañas' } },
  { feature: 'useSchedules', label: { pt: 'Agendamentos', en: 'Schedules', es: 'Programaciones' } },
  { feature: 'useInternalChat', label: { pt: 'Chat Interno', en: 'Internal chat', es: 'Chat interno' } },
  { feature: 'useExternalApi', label: { pt: 'API Externa', en: 'External API', es: 'API externa' } },
  { feature: 'useKanban', label: { pt: 'Kanban', en: 'Kanban', es: 'Kanban' } },
  { feature: 'useOpenAi', label: { pt: 'Open.Ai', en: 'Open.Ai', es: 'Open.Ai' } },
  { feature: 'useIntegrations', label: { pt: 'Integrações', en: 'Integrations', es: 'Integraciones' } },
]

export const FEATURE_NAME = /^use[A-Z][A-Za-z0-9]{1,40}$/

/** All features known to this install: the spec's plus the ones plugins declared. */
export class FeatureCatalog {
  private features = new Map<string, FeatureInfo>(SPEC_FEATURES.map((f) => [f.feature, f]))
  /** Features a loaded plugin gates: the ones a company can actually use (the spec's others wait for theirs). */
  private provided = new Set<string>()

  declare(feature: string, label?: FeatureInfo['label']): void {
    if (!FEATURE_NAME.test(feature)) throw new Error(`Feature "${feature}" must look like useSomething`)
    if (!this.features.has(feature)) this.features.set(feature, { feature, label: label ?? { pt: feature, en: feature, es: feature } })
    this.provided.add(feature)
  }

  /** The features some installed plugin provides, for screens that switch modules on and off. */
  installed(): FeatureInfo[] {
    return this.list().filter((f) => this.provided.has(f.feature))
  }

  has(feature: string): boolean {
    return this.features.has(feature)
  }

  list(): FeatureInfo[] {
    return [...this.features.values()]
  }

  /** The plan's features as the spec's `use*` booleans, one per known feature. */
  flags(planFeatures: Iterable<string>): Record<string, boolean> {
    const set = new Set(planFeatures)
    return Object.fromEntries(this.list().map((f) => [f.feature, set.has(f.feature)]))
  }
}
