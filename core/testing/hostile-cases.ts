import { bodySchema, fillPath, pathParams, takesMultipart, type RouteInfo } from './routes.ts'
import { objectProps, typeOf, type Schema } from './schema-sample.ts'

/**
 * The hostile inputs tried on one route, generated from its schemas around a valid request (`base`): bad
 * tokens, hostile path params and query fields, for bodies wrong types, missing fields, huge and odd strings,
 * broken JSON, wrong content types and oversized payloads, and for upload routes hostile files and broken
 * multipart bodies. A fixed, small set per route (tens of cases), so every route gets the same treatment and the
 * whole run stays fast.
 */
export interface HostileCase {
  name: string
  url: string
  auth: 'caller' | 'none' | string
  query?: Record<string, string>
  /** A string or Buffer is sent as is (raw JSON, other text, a multipart body); anything else is JSON-encoded. */
  payload?: unknown
  contentType?: string
}

export interface BaseRequest {
  params: Record<string, string | number>
  body?: unknown
  /** A second valid body with only the required fields. */
  minimalBody?: unknown
  query?: Record<string, string>
}

const MB = 'x'.repeat(1024 * 1024)
const NUL = 'a\u0000b'
const TRAVERSAL = '../../etc/passwd'
const SQL = "' OR 1=1 --"
const SQL_DROP = '"; DROP TABLE users; --'
const UNICODE = '\u202Egnp.exe\u200B😀👨‍👩‍👧 ﷽'
const CAP = 4 // fields per kind of case: enough to cover each shape of field without multiplying the run

const PARAM_VALUES: Array<[string, string, boolean?]> = [
  ['traversal', TRAVERSAL], ['traversal unencoded', TRAVERSAL, true], ['traversal %2e', '%2e%2e%2f%2e%2e%2fetc%2fpasswd', true],
  ['traversal double-encoded', '..%252f..%252fetc%252fpasswd', true], ['traversal ....//', '....//....//etc/passwd'],
  ['negative', '-1'], ['zero', '0'], ['huge', '99999999999999999999999'], ['int32 overflow', '2147483648'], ['float', '1.5'],
  ['exponent', '1e308'], ['infinity', '1e309'], ['text', 'abc'], ['sql', SQL], ['nul', '\u0000'], ['unicode', UNICODE], ['lone surrogate', '%ED%A0%80', true],
  ['over param length', 'a'.repeat(600)],
]

const AUTH_VALUES: Array<[string, string]> = [
  ['no token', 'none'], ['garbage token', `Bearer ${SQL}`], ['alg none token', 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.'],
  ['huge token', `Bearer ${'a'.repeat(100_000)}`],
]

/** A value of the wrong type for a field (one that coercion cannot rescue). */
function wrongType(schema: Schema): unknown {
  switch (typeOf(schema)) {
    case 'string': return { not: 'a string' }
    case 'integer': case 'number': return 'not-a-number'
    case 'boolean': return 'maybe'
    case 'array': return { not: 'an array' }
    case 'object': return 'not an object'
    default: return [[[]]]
  }
}

function withStrings(body: Record<string, unknown>, props: Record<string, Schema>, value: unknown): Record<string, unknown> {
  const out = { ...body }
  for (const [name, s] of Object.entries(props)) if (typeOf(s) === 'string') out[name] = value
  return out
}

function withNumbers(body: Record<string, unknown>, props: Record<string, Schema>, value: number): Record<string, unknown> {
  const out = { ...body }
  for (const [name, s] of Object.entries(props)) if (['integer', 'number'].includes(typeOf(s) ?? '')) out[name] = value
  return out
}

function bodyCases(route: RouteInfo, base: BaseRequest, bodyLimit: number): Array<Omit<HostileCase, 'url' | 'auth'>> {
  const schema = bodySchema(route) as Schema | undefined
  const structural = [
    { name: 'invalid JSON', payload: '{"a":', contentType: 'application/json' },
    { name: 'empty JSON body', payload: '', contentType: 'application/json' },
    { name: 'text/plain', payload: JSON.stringify(base.body ?? {}), contentType: 'text/plain' },
    { name: 'form-urlencoded', payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
    { name: 'multipart', payload: '--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--zz--\r\n', contentType: 'multipart/form-data; boundary=zz' },
    { name: 'xml', payload: '<?xml version="1.0"?><a/>', contentType: 'application/xml' },
    { name: 'json utf-16 charset', payload: JSON.stringify(base.body ?? {}), contentType: 'application/json; charset=utf-16' },
    { name: 'over body limit', payload: `{"x":"${'a'.repeat(bodyLimit + 1)}"}`, contentType: 'application/json' },
  ]
  if (!schema) return structural
  const { props, required } = objectProps(schema)
  const full = (base.body ?? {}) as Record<string, unknown>
  const stringProps = Object.keys(props).filter((n) => typeOf(props[n]) === 'string')
  const cases: Array<Omit<HostileCase, 'url' | 'auth'>> = [
    { name: 'valid', payload: full }, { name: 'valid, required only', payload: base.minimalBody ?? full },
    ...required.length ? [{ name: 'empty object', payload: {} }] : [],
    ...required.slice(0, CAP).map((n) => ({ name: `missing ${n}`, payload: Object.fromEntries(Object.entries(full).filter(([k]) => k !== n)) })),
    ...Object.keys(props).slice(0, 2 * CAP).map((n) => ({ name: `wrong type ${n}`, payload: { ...full, [n]: wrongType(props[n]) } })),
    ...stringProps.slice(0, CAP).map((n) => ({ name: `1 MB ${n}`, payload: { ...full, [n]: MB } })),
    { name: 'NUL bytes', payload: withStrings(full, props, NUL) },
    { name: 'path traversal', payload: withStrings(full, props, TRAVERSAL) },
    { name: 'sql', payload: withStrings(full, props, SQL) },
    { name: 'sql drop', payload: withStrings(full, props, SQL_DROP) },
    { name: 'odd unicode', payload: withStrings(full, props, UNICODE) },
    // JSON.stringify escapes a lone surrogate, so the raw text carries "\ud800" the way a hostile client sends it.
    { name: 'lone surrogate', payload: JSON.stringify(withStrings(full, props, 'a\ud800b')), contentType: 'application/json' },
    { name: 'huge numbers', payload: withNumbers(full, props, 1e308) },
    { name: 'negative numbers', payload: withNumbers(full, props, -1) },
    { name: 'unsafe integer', payload: JSON.stringify(withNumbers(full, props, 1)).replace(/:1([,}])/g, ':9007199254740993$1'), contentType: 'application/json' },
    { name: '__proto__', payload: `{"__proto__":{"super":true},${JSON.stringify(full).slice(1)}`, contentType: 'application/json' },
    { name: 'constructor.prototype', payload: { ...full, constructor: { prototype: { super: true } } } },
    { name: 'unknown field', payload: { ...full, zzUnknownField: 'x' } },
    { name: 'array body', payload: [full] }, { name: 'null body', payload: 'null', contentType: 'application/json' },
    { name: 'string body', payload: '"text"', contentType: 'application/json' },
    { name: 'deep nesting', payload: `${'['.repeat(5000)}${']'.repeat(5000)}`, contentType: 'application/json' },
  ]
  return [...cases, ...structural]
}

/** A multipart/form-data body: text fields, then files (`truncated`: no closing boundary). */
function form(files: Array<{ name: string; body: Buffer; type?: string; field?: string }>, fields: Record<string, string> = {}, truncated = false) {
  const boundary = 'hostile7MA4YWxkTrZu0gW'
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`))
  for (const f of files) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'file'}"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`), f.body, Buffer.from('\r\n'))
  }
  if (!truncated) parts.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` }
}

const PNG_BYTES = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex')

/**
 * For upload routes (`consumes` multipart/form-data): files over the upload limit, too many files, refused and
 * disguised types, hostile file names, corrupt files, broken multipart bodies, too many or huge fields.
 */
function multipartCases(uploadLimit: number): Array<Omit<HostileCase, 'url' | 'auth'>> {
  return [
    { name: 'upload valid small file', ...form([{ name: 'photo.png', type: 'image/png', body: PNG_BYTES }], { body: 'caption' }) },
    { name: 'upload over the size limit', ...form([{ name: 'big.png', type: 'image/png', body: Buffer.alloc(uploadLimit + 1, 0x61) }]) },
    { name: 'upload too many files', ...form(Array.from({ length: 12 }, (_, i) => ({ name: `f${i}.png`, type: 'image/png', body: PNG_BYTES }))) },
    { name: 'upload refused type', ...form([{ name: 'run.exe', type: 'application/x-msdownload', body: Buffer.from('MZ\x90\x00') }]) },
    { name: 'upload disguised type', ...form([{ name: 'photo.png', type: 'text/html', body: Buffer.from('<script>alert(1)</script>') }]) },
    { name: 'upload corrupt spreadsheet', ...form([{ name: 'contacts.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', body: Buffer.from('PK\x03\x04 not really a zip') }]) },
    { name: 'upload empty file', ...form([{ name: 'empty.png', type: 'image/png', body: Buffer.alloc(0) }]) },
    { name: 'upload traversal name', ...form([{ name: TRAVERSAL + '.png', type: 'image/png', body: PNG_BYTES }]) },
    { name: 'upload odd name', ...form([{ name: `${UNICODE}\u0000.png`, type: 'image/png', body: PNG_BYTES }]) },
    { name: 'upload huge name', ...form([{ name: `${'n'.repeat(5000)}.png`, type: 'image/png', body: PNG_BYTES }]) },
    { name: 'upload huge field', ...form([], { body: 'x'.repeat(1024 * 1024 + 10) }) },
    { name: 'upload too many fields', ...form([], Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`f${i}`, 'x']))) },
    { name: 'upload sql and nul fields', ...form([{ name: 'photo.png', type: 'image/png', body: PNG_BYTES }], { body: NUL, quotedMsgId: SQL, typeArch: TRAVERSAL }) },
    { name: 'multipart truncated', ...form([{ name: 'photo.png', type: 'image/png', body: PNG_BYTES }], {}, true) },
    { name: 'multipart without boundary', payload: '--x\r\n\r\n', contentType: 'multipart/form-data' },
    { name: 'multipart wrong boundary', payload: form([{ name: 'photo.png', body: PNG_BYTES }]).payload, contentType: 'multipart/form-data; boundary=other' },
    { name: 'multipart impossible boundary', payload: '--x\r\n\r\n', contentType: `multipart/form-data; boundary=${'b'.repeat(300)}` },
    { name: 'multipart garbage', payload: Buffer.from([0xff, 0xfe, 0x00, 0x2d, 0x2d, 0x0d, 0x0a]), contentType: 'multipart/form-data; boundary=zz' },
  ]
}

function queryCases(route: RouteInfo, base: BaseRequest): Array<Omit<HostileCase, 'url' | 'auth'>> {
  const { props } = objectProps((route.schema as { querystring?: Schema } | undefined)?.querystring)
  return Object.entries(props).slice(0, CAP).flatMap(([n, s]) => {
    const numeric = ['integer', 'number'].includes(typeOf(s) ?? '')
    const values = numeric ? ['abc', '-1', '1e309', '99999999999999999999'] : [SQL, 'x'.repeat(10_000), NUL, TRAVERSAL, UNICODE]
    return values.map((v) => ({ name: `query ${n}=${v.slice(0, 12)}`, query: { ...base.query, [n]: v } }))
  })
}

export function hostileCases(route: RouteInfo, base: BaseRequest, bodyLimit: number, uploadLimit = 20 * 1024 * 1024): HostileCase[] {
  const url = fillPath(route.url, base.params)
  const out: HostileCase[] = AUTH_VALUES.map(([name, auth]) => ({ name, url, auth, payload: base.body, query: base.query }))
  // The valid request itself (body routes have theirs among the body cases): proves the base reaches the handler.
  if (!bodySchema(route)) out.push({ name: 'valid', url, auth: 'caller', query: base.query })
  for (const param of pathParams(route.url)) {
    for (const [name, value, raw] of PARAM_VALUES) {
      // Filled raw, so a `raw` value reaches the router exactly as written (unencoded ../, malformed %-escapes).
      const params = Object.fromEntries(Object.entries(base.params).map(([k, v]) => [k, encodeURIComponent(String(v))]))
      out.push({ name: `param ${param} ${name}`, url: fillPath(route.url, { ...params, [param]: raw ? value : encodeURIComponent(value) }, true), auth: 'caller', payload: base.body, query: base.query })
    }
  }
  for (const c of queryCases(route, base)) out.push({ ...c, url, auth: 'caller' })
  if (route.method !== 'GET') for (const c of bodyCases(route, base, bodyLimit)) out.push({ query: base.query, ...c, url, auth: 'caller' })
  if (takesMultipart(route)) for (const c of multipartCases(uploadLimit)) out.push({ query: base.query, ...c, url, auth: 'caller' })
  return out
}
