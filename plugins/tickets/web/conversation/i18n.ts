import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import type { i18n as I18n } from 'i18next'

/**
 * The conversation's texts live in a namespace of their own, loaded here on first use (and on a language change),
 * so the module's index file needs no wiring and the admin peek dialog gets them too. Portuguese is always loaded
 * as well: i18next falls back to it for a missing key.
 */
export const CONVERSATION_NS = 'tickets-conversation'

const BUNDLES = {
  pt: () => import('./locales/pt.json'),
  en: () => import('./locales/en.json'),
  es: () => import('./locales/es.json'),
} as const
type Lng = keyof typeof BUNDLES

const pending = new Map<Lng, Promise<void>>()

function ensureBundle(i18n: I18n, lng: string): void {
  const lang: Lng = lng in BUNDLES ? (lng as Lng) : 'pt'
  if (i18n.hasResourceBundle(lang, CONVERSATION_NS) || pending.has(lang)) return
  pending.set(lang, BUNDLES[lang]()
    .then((b) => void i18n.addResourceBundle(lang, CONVERSATION_NS, b.default, true, true))
    .catch(() => void pending.delete(lang)))
}

export function useConversationT() {
  const { t, i18n } = useTranslation(CONVERSATION_NS)
  const lng = i18n.language
  useEffect(() => {
    ensureBundle(i18n, 'pt')
    ensureBundle(i18n, lng)
  }, [i18n, lng])
  return t
}
