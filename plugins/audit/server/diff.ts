import { MASKED } from './kinds.ts'

export type Changes = Record<string, { before?: unknown; after?: unknown }>
type Obj = Record<string, unknown>

/**
 * Field names that hold secrets wherever they appear (a user's password, a connection's token, a prompt's API key,
 * a webhook's secret, Dialogflow's JSON credentials, card data). Their values are never stored; a change to one
 * is still recorded, masked.
 */
const SECRET_NAME = /pass(word)?|secret|token|api_?key|credential|private|authorization|json_?content|cvv|card_?number|cpf|cnpj/i
/** Fields every write touches: listing them would bury the real change. */
const NOISE = new Set(['updatedAt', 'updated_at'])
/**
 * A read row's bookkeeping, not a change anyone made: its id and company (the entry names both already) and its
 * creation time. Left out of a diff of reads, above all a creation's list of fields; a sent body keeps them.
 */
const BOOKKEEPING = new Set([...NOISE, 'createdAt', 'created_at', 'id', 'companyId', 'company_id'])
const MAX_TEXT = 1000
/** A row's changes past this size keep their field names only: the log is for people, not for backups. */
const MAX_JSON = 60_000

export const isSecretName = (name: string): boolean => SECRET_NAME.test(name)

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)

/** A value as the log keeps it: secrets (by name, at any depth) masked, long texts cut. */
export function masked(value: unknown, secret = false): unknown {
  // A flag about a secret (hasSecret, hasApiKey) says nothing of it: kept.
  if (secret) return value === null || value === undefined || value === '' || typeof value === 'boolean' ? value ?? null : MASKED
  if (typeof value === 'string') return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value
  if (Array.isArray(value)) return value.map((v) => masked(v))
  if (isObj(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, masked(v, isSecretName(k))]))
  return value
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/**
 * What changed between two reads of a resource (null before: created; null after: deleted), field by field, with
 * secrets masked. Fields the caller sent that neither read shows (a new password) are listed as written, masked:
 * the routes never answer them, so their value is nobody's to read here either.
 */
export function diff(before: Obj | null, after: Obj | null, sent: Obj | null, secretFields: string[] = []): Changes {
  const out: Changes = {}
  const secret = (k: string) => isSecretName(k) || secretFields.includes(k)
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])
  for (const k of keys) {
    if (BOOKKEEPING.has(k)) continue
    const b = before?.[k]
    const a = after?.[k]
    if (before && after && same(a, b)) continue
    const entry: { before?: unknown; after?: unknown } = {}
    if (before && k in before) entry.before = masked(b, secret(k))
    if (after && k in after) entry.after = masked(a, secret(k))
    out[k] = entry
  }
  for (const [k, v] of Object.entries(sent ?? {})) {
    if (keys.has(k) || NOISE.has(k) || v === undefined || v === '' || v === null) continue
    out[k] = { after: MASKED }
  }
  return bounded(out)
}

/** The body of a write no read shows, as its changes: every field sent, secrets masked by name. */
export function fromBody(body: Obj | null, action: 'created' | 'updated' | 'deleted', secretFields: string[] = []): Changes {
  const out: Changes = {}
  for (const [k, v] of Object.entries(body ?? {})) {
    if (v === undefined || NOISE.has(k)) continue
    out[k] = action === 'deleted' ? { before: masked(v, isSecretName(k) || secretFields.includes(k)) } : { after: masked(v, isSecretName(k) || secretFields.includes(k)) }
  }
  return bounded(out)
}

function bounded(changes: Changes): Changes {
  if (JSON.stringify(changes).length <= MAX_JSON) return changes
  return Object.fromEntries(Object.keys(changes).map((k) => [k, { after: '[too large]' }]))
}

/** A readable name for the changed thing, from whichever read has one. */
export function labelOf(...reads: (Obj | null | undefined)[]): string | null {
  for (const r of reads) {
    for (const f of ['name', 'title', 'email', 'key', 'feature']) {
      const v = r?.[f]
      if (typeof v === 'string' && v.trim()) return v.trim().slice(0, 200)
    }
  }
  return null
}
