import { useTranslation } from 'react-i18next'
import type { i18n as I18n } from 'i18next'
import pt from './locales/pt.json'
import en from './locales/en.json'
import es from './locales/es.json'

/**
 * The conversation's texts live in a namespace of their own, so the module's index file needs no wiring and the
 * admin peek dialog gets them too. They ship inside the conversation's code (about 9 KB for the three languages)
 * and are added before its first render: loaded on first use instead, the first paint showed the keys
 * ("placeholderShort") until the bundle arrived. Silently: added during a render, the store's 'added' event would
 * set the state of every other component that translates.
 */
export const CONVERSATION_NS = 'tickets-conversation'

const BUNDLES = { pt, en, es }
/** The i18n instances holding them: a render of one of the conversation's many translating components checks no more. */
const holding = new WeakSet<I18n>()

function ensureBundles(i18n: I18n): void {
  if (holding.has(i18n)) return
  for (const [lng, bundle] of Object.entries(BUNDLES)) {
    if (!i18n.hasResourceBundle(lng, CONVERSATION_NS)) i18n.addResourceBundle(lng, CONVERSATION_NS, bundle, true, true, { silent: true })
  }
  holding.add(i18n)
}

export function useConversationT() {
  const { t, i18n } = useTranslation(CONVERSATION_NS)
  ensureBundles(i18n)
  return t
}
