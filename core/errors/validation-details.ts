/** One Ajv error as fastify hands it over (FastifyError['validation'] items). */
export interface SchemaError {
  keyword: string
  instancePath: string
  message?: string
  params?: Record<string, unknown>
}

export interface ValidationDetail {
  field: string
  message: string
  /** The values a field of fixed choices accepts (a union of constants, an enum). */
  allowed?: unknown[]
  missing?: unknown
}

const list = (values: unknown[]) => values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ')

/**
 * A failed union of constants and types (TypeBox's Union of Literals, a nullable Literal or Integer: an `anyOf` whose
 * branches are `const`s and `type`s) said once: Ajv reports each branch and then the union ("must be equal to
 * constant" three times, then "must match a schema in anyOf"), which tells a caller nothing about what to send. The
 * branches' errors are the ones just before the anyOf error at the same path; a union of other schemas keeps them.
 */
function collapseUnions(errors: SchemaError[]): Array<SchemaError & { allowed?: unknown[] }> {
  const out: Array<SchemaError & { allowed?: unknown[] }> = []
  for (const e of errors) {
    let start = out.length
    const atPath = (i: number) => i >= 0 && out[i].instancePath === e.instancePath
    if (e.keyword === 'anyOf') while (atPath(start - 1) && ['const', 'type'].includes(out[start - 1].keyword)) start--
    // Another branch failed otherwise at the same path (a length, a minimum): the union is not one of choices alone.
    if (start === out.length || atPath(start - 1)) {
      out.push(e)
      continue
    }
    const branches = out.slice(start)
    const constants = branches.filter((b) => b.keyword === 'const').map((b) => b.params?.allowedValue)
    const types = branches.filter((b) => b.keyword === 'type').map((b) => String(b.params?.type))
    const choices = [...(constants.length ? [`one of: ${list(constants)}`] : []), ...types]
    out.splice(start, branches.length, { ...e, message: `must be ${choices.join(' or ')}`, ...(types.length ? {} : { allowed: constants }) })
  }
  return out
}

/** The answer's details and message for a request that failed its schema (`context`: body, querystring, params...). */
export function validationDetails(errors: SchemaError[], context: string | undefined): { message: string; details: ValidationDetail[] } {
  const details = collapseUnions(errors).map((e) => {
    const allowed = e.allowed ?? (e.keyword === 'enum' ? (e.params?.allowedValues as unknown[] | undefined) : undefined)
    return {
      field: `${context ?? ''}${e.instancePath}` || (context ?? ''),
      message: e.keyword === 'enum' && allowed ? `must be one of: ${list(allowed)}` : e.message ?? 'is invalid',
      ...(allowed ? { allowed } : {}),
      ...(e.params && 'missingProperty' in e.params ? { missing: e.params.missingProperty } : {}),
    }
  })
  return { message: details.map((d) => `${d.field} ${d.message}`).join(', '), details }
}
