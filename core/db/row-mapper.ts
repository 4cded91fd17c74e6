import type { Knex } from 'knex'

type Row = Record<string, unknown>
type Build = (row: Row) => Row
type PostProcess = NonNullable<Knex.Config['postProcessResponse']>

/** Row shapes kept at most (a shape is a query's list of columns): a bound on memory, not a policy. */
const MAX_SHAPES = 5000

/**
 * objection's snake_case -> camelCase renaming of result rows, with each row shape's renaming compiled once: the
 * generic mapper builds every row key by key (a Map lookup and a property added per column), which was ~6% of the
 * CPU of a ticket page. Rows of one query share their shape, so a page of 40 compiles nothing after the first page.
 * Anything but an array of plain objects goes through `generic` (objection's own), which the names come from too.
 */
export function fastRowMapper(generic: PostProcess): PostProcess {
  const builders = new Map<string, Build | null>()
  const nameOf = (key: string): string => Object.keys(generic({ [key]: null }, undefined) as Row)[0]
  const builderFor = (keys: string[]): Build | null => {
    const shape = keys.join('\u0000')
    let build = builders.get(shape)
    if (build !== undefined) return build
    const names = keys.map(nameOf)
    // An own __proto__ key cannot be written as a literal property: such a shape keeps the generic path.
    build = names.includes('__proto__') || keys.includes('__proto__')
      ? null
      : new Function('r', `return {${keys.map((k, i) => `${JSON.stringify(names[i])}: r[${JSON.stringify(k)}]`).join(',')}}`) as Build
    if (builders.size >= MAX_SHAPES) builders.clear()
    builders.set(shape, build)
    return build
  }
  const isPlain = (value: unknown): value is Row => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
    const proto = Object.getPrototypeOf(value)
    return proto === Object.prototype || proto === null
  }
  return (result, queryContext) => {
    if (!Array.isArray(result) || result.length === 0 || !isPlain(result[0])) return generic(result, queryContext)
    const keys = Object.keys(result[0])
    const build = builderFor(keys)
    if (!build) return generic(result, queryContext)
    const out = new Array(result.length)
    for (let i = 0; i < result.length; i++) {
      const row = result[i]
      out[i] = isPlain(row) && sameKeys(row, keys) ? build(row) : generic(row, queryContext)
    }
    return out
  }
}

function sameKeys(row: Row, keys: string[]): boolean {
  const own = Object.keys(row)
  if (own.length !== keys.length) return false
  for (let i = 0; i < own.length; i++) if (own[i] !== keys[i]) return false
  return true
}
