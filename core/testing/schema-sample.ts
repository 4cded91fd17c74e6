import { randomBytes } from 'node:crypto'

/**
 * Valid sample values generated from a route's JSON schema (TypeBox schemas are JSON schemas), so generic route
 * checks get past validation and reach the handler. Plain JSON schema only: no $ref, no regex synthesis; a
 * `pattern` is met by trying a few common shapes, which covers dates, times, codes and names in our routes.
 */
export type Schema = Record<string, unknown> & {
  type?: string | string[]; properties?: Record<string, Schema>; required?: string[]; items?: Schema
  anyOf?: Schema[]; oneOf?: Schema[]; allOf?: Schema[]; const?: unknown; enum?: unknown[]; default?: unknown
}

export interface SampleOptions {
  /** 'required': only required properties (smallest valid body); 'full': every property (reaches more code). */
  mode?: 'required' | 'full'
  /** A value for a named property (foreign or own ids); undefined lets the schema decide. */
  byName?: (name: string, schema: Schema) => unknown
}

const unique = () => randomBytes(3).toString('hex')

const PATTERN_CANDIDATES = [
  'sample', 'Sample123', 'Abcdef12', '2030-01-31', '09:00', '', 'abc_123', 'useCampaigns', 'a', '1', 'MENSAL',
  '00000000-0000-4000-8000-000000000000', '+5511999999999', '5511999999999',
]

function fitLength(s: string, schema: Schema): string {
  const min = Number(schema.minLength ?? 0)
  const max = schema.maxLength === undefined ? Infinity : Number(schema.maxLength)
  let out = s.length < min ? s + 'x'.repeat(min - s.length) : s
  if (out.length > max) out = out.slice(0, max)
  return out
}

function sampleString(schema: Schema): string {
  switch (schema.format) {
    case 'email': return `sample.${unique()}@example.test`
    case 'date': return '2030-01-31'
    case 'date-time': return '2030-01-31T12:00:00.000Z'
    case 'time': return '12:00:00'
    case 'uri': case 'url': return 'https://example.test/sample'
    case 'uuid': return '00000000-0000-4000-8000-000000000000'
  }
  if (typeof schema.pattern === 'string') {
    const re = new RegExp(schema.pattern as string, 'u')
    const hit = [`Sample ${unique()}`, ...PATTERN_CANDIDATES].map((c) => fitLength(c, schema)).find((c) => re.test(c))
    if (hit !== undefined) return hit
  }
  // Unique, because names are often unique columns (companies, plans) and a 409 would stop the request early.
  return fitLength(`Sample ${unique()}`, schema)
}

function sampleNumber(schema: Schema, integer: boolean): number {
  let n = 1
  if (typeof schema.minimum === 'number') n = Math.max(n, schema.minimum)
  if (typeof schema.exclusiveMinimum === 'number') n = Math.max(n, schema.exclusiveMinimum + 1)
  if (typeof schema.maximum === 'number') n = Math.min(n, schema.maximum)
  return integer ? Math.ceil(n) : n
}

/** The first type a schema names, looking through unions (preferring a non-null branch). */
export function typeOf(schema: Schema | undefined): string | undefined {
  if (!schema) return undefined
  if (schema.const !== undefined) return schema.const === null ? 'null' : typeof schema.const
  if (schema.enum) return typeof schema.enum[0]
  const t = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') ?? schema.type[0] : schema.type
  if (t) return t
  const branch = (schema.anyOf ?? schema.oneOf)?.find((s) => typeOf(s) !== 'null')
  if (branch) return typeOf(branch)
  if (schema.properties || schema.allOf) return 'object'
  return undefined
}

/** Top-level properties of an object schema (merging allOf / Intersect) and which are required. */
export function objectProps(schema: Schema | undefined): { props: Record<string, Schema>; required: string[] } {
  if (!schema) return { props: {}, required: [] }
  const out = { props: { ...(schema.properties ?? {}) }, required: [...(schema.required ?? [])] }
  for (const part of schema.allOf ?? []) {
    const inner = objectProps(part)
    Object.assign(out.props, inner.props)
    out.required.push(...inner.required)
  }
  return out
}

export function sample(schema: Schema | undefined, options: SampleOptions = {}): unknown {
  if (!schema) return undefined
  if (schema.const !== undefined) return schema.const
  if (schema.enum) return schema.enum[0]
  if (schema.default !== undefined) return schema.default
  const branches = schema.anyOf ?? schema.oneOf
  if (branches) return sample(branches.find((s) => typeOf(s) !== 'null') ?? branches[0], options)
  switch (typeOf(schema)) {
    case 'string': return sampleString(schema)
    case 'integer': return sampleNumber(schema, true)
    case 'number': return sampleNumber(schema, false)
    case 'boolean': return false // `false` is the harmless choice: super, status, offeredAtSignup...
    case 'null': return null
    case 'array': {
      const count = Math.max(Number(schema.minItems ?? 0), options.mode === 'full' && schema.items ? 1 : 0)
      return Array.from({ length: count }, () => sample(schema.items, options))
    }
    case 'object': {
      const { props, required } = objectProps(schema)
      const out: Record<string, unknown> = {}
      for (const [name, prop] of Object.entries(props)) {
        const chosen = options.byName?.(name, prop)
        if (chosen !== undefined) out[name] = chosen
        else if (options.mode === 'full' || required.includes(name)) out[name] = sample(prop, options)
      }
      return out
    }
    default: return 'sample'
  }
}
