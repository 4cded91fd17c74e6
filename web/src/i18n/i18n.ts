import i18n from 'i18next'
import { initReactI18next } from 'react-i18next'
import pt from './locales/pt/index.ts'
import en from './locales/en/index.ts'
import es from './locales/es/index.ts'
import { LOCALE_TAGS, normalizeLanguage, type Language } from './languages.ts'
import { STORAGE_KEYS, store } from '../lib/storage.ts'

export const CORE_NAMESPACE = 'core'
export const coreLocales: Record<Language, Record<string, unknown>> = { pt, en, es }

export function storedLanguage(): Language {
  return normalizeLanguage(store.getItem(STORAGE_KEYS.language))
}

export async function initI18n(): Promise<typeof i18n> {
  const lng = storedLanguage()
  await i18n.use(initReactI18next).init({
    lng,
    fallbackLng: 'pt',
    supportedLngs: ['pt', 'en', 'es'],
    ns: [CORE_NAMESPACE],
    defaultNS: CORE_NAMESPACE,
    resources: {
      pt: { [CORE_NAMESPACE]: pt },
      en: { [CORE_NAMESPACE]: en },
      es: { [CORE_NAMESPACE]: es },
    },
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false, bindI18nStore: 'added' },
  })
  document.documentElement.lang = LOCALE_TAGS[lng]
  return i18n
}

export { i18n }
