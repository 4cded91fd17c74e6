import { i18n } from '../i18n/i18n.ts'
import type { Language } from '../i18n/languages.ts'
import thirdParty from 'virtual:zapdesk-third-party-modules'
import { coreModule } from './core-module.ts'
import { CORE_MENU } from './core-menu.ts'
import { collectRoutes, mergeMenu, sanitizeModules } from './gating.ts'
import type { MenuEntry, RegisteredRoute, WebModule } from './types.ts'
import { setKnownRoutes } from './route-index.ts'
import { setFormOptionSources } from './form-options.ts'

const found = import.meta.glob<WebModule>('../../../plugins/*/web/index.ts', { eager: true, import: 'default' })

const { modules: pluginModules, problems } = sanitizeModules([...Object.values(found), ...thirdParty])
if (import.meta.env.DEV) for (const p of problems) console.warn(`[modules] ${p}`)

/** Plugins first so their pages replace the shell's defaults at the same path (e.g. the dashboard at /). */
export const modules: WebModule[] = [...pluginModules, coreModule]
export const routes: RegisteredRoute[] = collectRoutes(modules)
export const publicRoutes = coreModule.publicRoutes ?? []
export const menu: MenuEntry[] = mergeMenu(CORE_MENU, pluginModules.concat(coreModule))

export const hasModule = (name: string): boolean => modules.some((m) => m.name === name)
export { hasRoute } from './route-index.ts'
setKnownRoutes(routes)

setFormOptionSources(modules)
export { loadFormOptions } from './form-options.ts'

const loaded = new Set<string>()

/** Loads each plugin's translations for a language into its namespace (once per module and language). */
export async function loadModuleTranslations(lng: Language): Promise<void> {
  await Promise.all(
    pluginModules.map(async (m) => {
      const key = `${m.name}:${lng}`
      if (loaded.has(key)) return
      try {
        const bundle = await m.translations[lng]?.()
        i18n.addResourceBundle(lng, m.name, bundle?.default ?? {}, true, true)
        loaded.add(key)
      } catch {
        // a module without this language falls back to Portuguese through i18next
      }
    }),
  )
}
