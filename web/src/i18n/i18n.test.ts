import t from 'tap'
import pt from './locales/pt/index.ts'
import en from './locales/en/index.ts'
import es from './locales/es/index.ts'
import { flattenKeys, normalizeLanguage } from './languages.ts'
import { ALL_ERROR_CODES } from './error-codes.ts'
import { SPEC_ERROR_CODES, PLATFORM_ERROR_CODES } from '../../../core/errors/codes.ts'

const keys = (o: Record<string, unknown>) => new Set(flattenKeys(o))
const ptKeys = keys(pt)

for (const [name, locale] of Object.entries({ en, es })) {
  t.test(`${name} has every Portuguese key and no extra`, async (t) => {
    const other = keys(locale)
    t.same([...ptKeys].filter((k) => !other.has(k)), [], 'missing keys')
    t.same([...other].filter((k) => !ptKeys.has(k)), [], 'extra keys')
  })
}

t.test('every error code has a text in every language', async (t) => {
  const required = new Set([...SPEC_ERROR_CODES, ...PLATFORM_ERROR_CODES, ...ALL_ERROR_CODES])
  for (const [name, locale] of Object.entries({ pt, en, es })) {
    const errors = locale.errors as Record<string, string>
    const missing = [...required].filter((code) => typeof errors[code] !== 'string' || !errors[code].trim())
    t.same(missing, [], `${name} error texts`)
  }
})

t.test('no empty strings and interpolations match', async (t) => {
  const leaf = (o: Record<string, unknown>, path: string) =>
    path.split('.').reduce<unknown>((acc, k) => (acc as Record<string, unknown>)?.[k], o) as string
  for (const key of ptKeys) {
    const vars = (s: string) => (s.match(/{{\s*\w+\s*}}/g) ?? []).map((v) => v.replace(/\s/g, '')).sort()
    const p = leaf(pt, key)
    t.ok(p.trim(), `pt ${key} not empty`)
    for (const [name, locale] of Object.entries({ en, es })) {
      t.same(vars(leaf(locale, key)), vars(p), `${name} ${key} keeps the placeholders`)
    }
  }
})

t.test('spec texts kept verbatim in Portuguese', async (t) => {
  t.equal(pt.gating.noPermission, 'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.')
  t.equal(pt.auth.signup.trialNote, 'Aproveite 7 dias grátis do plano PRO após o cadastro!')
  t.equal(pt.auth.forgot.notFound, 'Email não encontrado')
  t.equal(pt.auth.reset.expired, 'Link de recuperação expirado!')
  t.equal(pt.auth.reset.success, 'Senha redefinida com sucesso.')
  t.equal(pt.validation.passwordsDiffer, 'As senhas não correspondem')
  t.equal(pt.settings.saved, 'Configurações salvas')
})

t.test('language normalization', async (t) => {
  t.equal(normalizeLanguage('pt-BR'), 'pt')
  t.equal(normalizeLanguage('en-US'), 'en')
  t.equal(normalizeLanguage('es'), 'es')
  t.equal(normalizeLanguage('fr'), 'pt')
  t.equal(normalizeLanguage(null), 'pt')
})

t.test('every plural has its zero form: Portuguese reads 0 as singular ("0 tag")', async (t) => {
  for (const [name, locale] of Object.entries({ pt, en, es })) {
    const all = new Set(flattenKeys(locale))
    t.same([...all].filter((k) => k.endsWith('_one') && !all.has(`${k.slice(0, -4)}_zero`)), [], name)
  }
})
