type Schema = Record<string | symbol, unknown>

/** Keywords under which a schema holds schemas fast-json-stringify serializes by. */
const SCHEMA_MAPS = ['properties', 'patternProperties', 'definitions', '$defs'] as const
const SCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const
/** A branch with any of these is left as it is: fast-json-stringify would not write it by its type alone. */
const NOT_BY_TYPE = ['const', 'enum', 'anyOf', 'oneOf', 'allOf', 'if', 'not', '$ref', 'nullable']

const isSchema = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v)

/** The branch of `{ anyOf: [X, { type: 'null' }] }` (either order) that is not null, when X is written by its type. */
function nonNullBranch(schema: Schema): Schema | undefined {
  const branches = schema.anyOf
  if (!Array.isArray(branches) || branches.length !== 2 || !branches.every(isSchema)) return undefined
  const nulls = branches.filter((b) => b.type === 'null' && Object.keys(b).length === 1)
  if (nulls.length !== 1) return undefined
  const other = branches.find((b) => !nulls.includes(b))!
  const typed = typeof other.type === 'string' || (Array.isArray(other.type) && other.type.every((t) => typeof t === 'string'))
  return typed && !NOT_BY_TYPE.some((k) => k in other) ? other : undefined
}

const rewritten = new WeakMap<object, Schema>()

/**
 * A response schema for fast-json-stringify with each `anyOf: [X, null]` (TypeBox's `Type.Union([X, Type.Null()])`,
 * an optional relation or field) written as X with `type: [X's type, 'null']`: the serializer then picks by the
 * value's JS type, where for an anyOf it runs an Ajv validation of the whole branch on every value (a ticket's page
 * of 20 messages: 31-46 us to write instead of 21-41; a 10k-contact import's answer, 100 ms). The JSON written is the
 * same; only the serializer changes (validation and the OpenAPI document keep the schema as declared). Schemas
 * without such a union come back as they are; a rewritten one is kept per schema object.
 */
export function nullableTypes<T>(schema: T): T {
  if (!isSchema(schema)) return schema
  const kept = rewritten.get(schema)
  if (kept) return kept as T
  let out: Schema = schema
  const set = (key: string, value: unknown) => {
    if (out === schema) out = { ...schema }
    out[key] = value
  }
  const branch = nonNullBranch(schema)
  if (branch) {
    const { anyOf: _, ...siblings } = schema
    const types = Array.isArray(branch.type) ? branch.type : [branch.type]
    out = nullableTypes({ ...siblings, ...branch, type: [...new Set([...types, 'null'])] })
  } else {
    for (const key of SCHEMA_MAPS) {
      const map = schema[key]
      if (!isSchema(map)) continue
      let changed = false
      const next: Schema = {}
      for (const [name, sub] of Object.entries(map)) {
        next[name] = nullableTypes(sub)
        changed ||= next[name] !== sub
      }
      if (changed) set(key, next)
    }
    for (const key of SCHEMA_LISTS) {
      const list = schema[key]
      if (!Array.isArray(list)) continue
      const next = list.map((sub) => nullableTypes(sub))
      if (next.some((sub, i) => sub !== list[i])) set(key, next)
    }
    for (const key of ['items', 'additionalProperties'] as const) {
      const sub = schema[key]
      const next = nullableTypes(sub)
      if (next !== sub) set(key, next)
    }
  }
  rewritten.set(schema, out)
  return out as T
}
