import { atom } from 'jotai'
import { Classes } from '@blueprintjs/core'
import { STORAGE_KEYS, store } from '../lib/storage.ts'
import { appStore } from '../session/session-atoms.ts'
import { i18n } from '../i18n/i18n.ts'
import { LOCALE_TAGS, type Language } from '../i18n/languages.ts'
import { loadModuleTranslations } from '../modules/registry.ts'

export { volumeAtom } from './volume-atom.ts'

export type Theme = 'light' | 'dark'

function initialTheme(): Theme {
  const stored = store.getItem(STORAGE_KEYS.preferredTheme)
  if (stored === 'light' || stored === 'dark') return stored
  return typeof matchMedia !== 'undefined' && matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'
}

export function applyTheme(theme: Theme): void {
  document.body.classList.toggle(Classes.DARK, theme === 'dark')
  document.documentElement.dataset.theme = theme
}

const themeBase = atom<Theme>(initialTheme())
export const themeAtom = atom(
  (get) => get(themeBase),
  (_get, set, theme: Theme) => {
    store.setItem(STORAGE_KEYS.preferredTheme, theme)
    applyTheme(theme)
    set(themeBase, theme)
  },
)


export async function changeLanguage(lng: Language): Promise<void> {
  store.setItem(STORAGE_KEYS.language, lng)
  await loadModuleTranslations(lng)
  await i18n.changeLanguage(lng)
  document.documentElement.lang = LOCALE_TAGS[lng]
}

export function initPreferences(): void {
  applyTheme(appStore.get(themeAtom))
}
