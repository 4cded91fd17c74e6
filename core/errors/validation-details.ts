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
 * A failed union (TypeBox's Union of Literals: `anyOf` of `const`s; of types: `anyOf` of `type`s) said once: Ajv
 * reports each branch and then the union ("must be equal to constant" three times, then "must match a schema in
 * anyOf"), which tells a caller nothing about what to send. The branches' errors are the ones just before the anyOf
 * error at the same path.
 */
function collapseUnions(errors: SchemaError[]): Array<SchemaError & { allowed?: unknown[] }> {
  const out: Array<SchemaError & { allowed?: unknown[] }> = []
  for (const e of errors) {
    if (e.keyword !== 'anyOf') {
      out.push(e)
      continue
    }
    let start = out.length
    while (start > 0 && out[start - 1].instancePath === e.instancePath && ['const', 'type'].includes(out[start - 1].keyword)) start--
    const branches = out.slice(start)
    if (branches.length && branches.every((b) => b.keyword === 'const')) {
      const allowed = branches.map((b) => b.params?.allowedValue)
      out.splice(start, branches.length, { ...e, message: `must be one of: ${list(allowed)}`, allowed })
    } else if (branches.length && branches.every((b) => b.keyword === 'type')) {
      out.splice(start, branches.length, { ...e, message: `must be ${branches.map((b) => b.params?.type).join(' or ')}` })
    } else {
      out.push(e)
    }
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
