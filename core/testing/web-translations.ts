import fs from 'node:fs'
import path from 'node:path'
import type { WebModule } from '../plugin-api/types.ts'

const LANGUAGES = ['pt', 'en', 'es'] as const
/** `t('key')`, `t("ns:key")`, `labelKey: 'ns:key'`: literal keys only (computed keys cannot be checked statically). */
const DEFAULT_NS = /useTranslation\(\s*\[?\s*['"]([\w-]+)['"]/
const KEY_USE = /(?:\bt\(\s*|labelKey:\s*)['"]([\w.:-]+)['"]/g
const PLURAL = /_(zero|one|two|few|many|other)$/

function flatten(value: unknown, prefix = '', out = new Set<string>()): Set<string> {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out)
  } else if (prefix) {
    // i18next plural forms (key_one, key_other) answer to the bare key.
    out.add(prefix.replace(PLURAL, ''))
  }
  return out
}

/** Every key as written, plural suffixes kept. */
function rawKeys(value: unknown, prefix = ''): string[] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return prefix ? [prefix] : []
  return Object.entries(value).flatMap(([k, v]) => rawKeys(v, prefix ? `${prefix}.${k}` : k))
}

/**
 * Portuguese counts 0 as singular ("0 tag"): every plural with a `_one` form needs its `_zero` form, which i18next
 * uses for a count of 0 in any language. Answers the `_one` keys that lack it.
 */
function missingZeroForms(bundle: unknown): string[] {
  const keys = new Set(rawKeys(bundle))
  return [...keys].filter((k) => k.endsWith('_one') && !keys.has(`${k.slice(0, -4)}_zero`))
}

function sourceFiles(dir: string): string[] {
  const out: string[] = []
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name)
    if (entry.isDirectory() && entry.name !== 'node_modules') out.push(...sourceFiles(p))
    else if (/\.tsx?$/.test(entry.name) && !entry.name.includes('.test.')) out.push(p)
  }
  return out
}

/**
 * Keys a web module lacks: every key present in one language must be in the other two, and every literal key its
 * sources use in its own namespace must exist. Answers lines like `en: hello:page.title`.
 */
export async function checkWebTranslations(module: WebModule, webDir: string, errorCodes: readonly string[] = []): Promise<string[]> {
  const found: string[] = []
  const written = new Map<string, Set<string>>()
  const keys = Object.fromEntries(await Promise.all(LANGUAGES.map(async (lng) => {
    const loader = module.translations[lng]
    const bundle = loader ? (await loader()).default : {}
    for (const key of missingZeroForms(bundle)) found.push(`${lng}: ${module.name}:${key.slice(0, -4)}_zero (0 reads as singular in Portuguese)`)
    written.set(lng, new Set(rawKeys(bundle)))
    return [lng, flatten(bundle)] as const
  }))) as Record<(typeof LANGUAGES)[number], Set<string>>
  // The same plural forms in the three files (the keys below compare them without their suffixes): a form one
  // language lacks is a count the other two word right and it does not. `_zero` forms: checked above.
  const plurals = new Set(LANGUAGES.flatMap((l) => [...written.get(l)!].filter((k) => PLURAL.test(k) && !k.endsWith('_zero'))))
  for (const lng of LANGUAGES) for (const key of [...plurals].sort()) if (!written.get(lng)!.has(key)) found.push(`${lng}: ${module.name}:${key}`)
  // The server plugin's declared error codes are shown by the shell from `errors.<code>` of this module.
  const wanted = new Set<string>([...LANGUAGES.flatMap((l) => [...keys[l]]), ...errorCodes.map((code) => `errors.${code}`)])
  const ns = `${module.name}:`
  for (const file of sourceFiles(webDir)) {
    const text = fs.readFileSync(file, 'utf8')
    // Files that call useTranslation('<module>') use its keys unprefixed.
    const ownDefault = DEFAULT_NS.exec(text)?.[1] === module.name
    for (const match of text.matchAll(KEY_USE)) {
      const key = match[1]
      if (key.startsWith(ns)) wanted.add(key.slice(ns.length))
      else if (ownDefault && !key.includes(':')) wanted.add(key)
    }
  }
  const missing: string[] = [...found]
  for (const lng of LANGUAGES) for (const key of [...wanted].sort()) if (!keys[lng].has(key)) missing.push(`${lng}: ${ns}${key}`)
  return missing
}
