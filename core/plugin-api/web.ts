/**
 * `@zapdesk/plugin-api/web`: the browser half of the contract. Web manifests (`web/index.ts`) and pages import only
 * this: `defineWebModule`, the web kit and the shell's hooks. No server code is reachable from here.
 */
import type { WebModule } from './web-types.ts'

export type * from './web-types.ts'
export * from '../../web/src/sdk.ts'

export function defineWebModule(module: WebModule): WebModule {
  return module
}

/**
 * A module's translations from one loader per language, e.g.
 * `translations: localeFiles((lng) => import(`./locales/${lng}.json`))` (Vite bundles each file as its own chunk).
 */
export function localeFiles(load: (lng: keyof WebModule['translations']) => Promise<{ default: Record<string, unknown> }>): WebModule['translations'] {
  return { pt: () => load('pt'), en: () => load('en'), es: () => load('es') }
}
