export const LANGUAGES = ['pt', 'en', 'es'] as const
export type Language = (typeof LANGUAGES)[number]
export const DEFAULT_LANGUAGE: Language = 'pt'

/** 'pt-BR', 'PT', 'en-US' ... -> a supported language; anything else -> Portuguese. */
export function normalizeLanguage(value: string | null | undefined): Language {
  const base = (value ?? '').toLowerCase().split(/[-_]/)[0]
  return (LANGUAGES as readonly string[]).includes(base) ? (base as Language) : DEFAULT_LANGUAGE
}

/** BCP 47 tags for Intl and the html lang attribute. */
export const LOCALE_TAGS: Record<Language, string> = { pt: 'pt-BR', en: 'en-US', es: 'es-ES' }

/** Dotted paths of every string leaf, with i18next plural suffixes folded so `x_one`/`x_other` count as `x`. */
export function flattenKeys(obj: Record<string, unknown>, prefix = ''): string[] {
  const out: string[] = []
  for (const [key, value] of Object.entries(obj)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (value && typeof value === 'object') out.push(...flattenKeys(value as Record<string, unknown>, path))
    else out.push(path)
  }
  return out
}

/** A label the server sends in the three languages (module and feature names). */
export function labelIn(label: Partial<Record<Language, string>> | undefined, lng: string, fallback: string): string {
  return label?.[normalizeLanguage(lng)] || label?.pt || fallback
}
