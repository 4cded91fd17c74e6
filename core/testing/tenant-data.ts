/**
 * Sample data of one company, and the naming convention that maps route params and body fields to its ids.
 *
 * CONVENTION (plugins follow it in `tenantFixtures(app, companyId, marker)`): return ids keyed by
 *   - `<resource>`: the id for `:id` on routes whose first segment after /api is <resource>
 *     (`{ 'quick-messages': 9 }` -> `/api/quick-messages/:id`, `/api/quick-messages/:id/media`);
 *   - `<resource>.<param>`: any other param of that resource's routes (`{ 'tickets.ticketId': 4 }`,
 *     `{ 'media.name': 'uuid.png' }`);
 *   - `<param>`: that param name on any route (`{ ticketId: 4 }`). Body and query fields are filled from
 *     `<resource>.<field>`, or from `<field>` when the field's name ends in `Id` (`companyId`, `contactId`); an
 *     array field `xxxIds` gets `[<xxxId>]`. (Only `...Id` names, so a plan's `users` limit is not a user id.)
 * Names are looked up in that order. Put the company's `marker` in a visible text field (name, title, body) of
 * every row, so a foreign row in any answer is spotted (but not in rows a public route serves by design, such as
 * public files: those answers would look like leaks). Platform-wide things (plans, help entries, setting keys,
 * feature names) are not the company's: they go in `globals`, with the same keys.
 */
import type { FastifyInstance } from 'fastify'
import { randomBytes } from 'node:crypto'
import { CompanyModule, Help, Plan, User } from '../accounts/models.ts'
import { writeSetting } from '../accounts/settings.ts'
import { createUser, sessionFor, type TestUser } from './fixtures.ts'
import { sample, typeOf, type Schema } from './schema-sample.ts'
import { bodySchema, resourceOf, type RouteInfo } from './routes.ts'

export type ResourceIds = Record<string, number | string>

export const newMarker = (): string => `ZDMARK${randomBytes(5).toString('hex')}`

/** The core's sample rows of a company (a marked user, a setting, a module switch, media) plus every plugin's. */
export async function seedCompanyData(app: FastifyInstance, companyId: number, marker: string): Promise<ResourceIds> {
  const user = await createUser(app, companyId, { name: `User ${marker}` })
  await writeSetting(app, companyId, 'asaas', marker)
  // Switched on explicitly: a row of the company's own, without turning off a module its routes need.
  await app.bind(CompanyModule).query().forCompany(companyId).insert({ feature: 'useCampaigns', enabled: true })
  const media = await app.storage.save(companyId, Buffer.from(`private file ${marker}`), 'note.txt')
  // Public files are public by design (announcement images): no marker, or every reader would look like a leak.
  const publicFile = await app.storage.save(companyId, Buffer.from('public file'), 'note.txt', 'public')
  const ids: ResourceIds = {
    companies: companyId, companyId, users: user.id, userId: user.id,
    'media.name': media, 'public.name': publicFile, 'forgetpassword.email': user.email,
  }
  for (const plugin of app.plugins) {
    if (!plugin.tenantFixtures) continue
    const theirs = await plugin.tenantFixtures(app, companyId, marker)
    for (const [key, value] of Object.entries(theirs)) {
      if (key in ids && ids[key] !== value) throw new Error(`tenantFixtures of ${plugin.name}: key "${key}" is already taken; use "<resource>.${key}"`)
      ids[key] = value
    }
  }
  return ids
}

/** Platform-wide resources the core's routes name: reachable by super users only, never a company's. */
export async function coreGlobals(app: FastifyInstance): Promise<ResourceIds> {
  const plan = await app.bind(Plan).query().findOne({ name: 'PRO' })
  const help = await app.bind(Help).query().insert({ title: 'Help entry', description: null, video: null })
  return { plans: plan!.id, helps: help.id, 'settings.key': 'asaas', 'modules.feature': app.features.list()[0]?.feature ?? 'useCampaigns' }
}

/** The id for a path param of a route of `resource`, following the convention above. */
export function idForParam(ids: ResourceIds, resource: string, param: string): number | string | undefined {
  return ids[`${resource}.${param}`] ?? (param === 'id' ? ids[resource] : ids[param])
}

/** The id (or `[id]` for `xxxIds`) for a body or query field, when the convention names one and the type fits. */
export function idForField(ids: ResourceIds, resource: string, name: string, schema: Schema): unknown {
  const type = typeOf(schema)
  if (type === 'array') {
    const one = name.endsWith('Ids') ? ids[`${resource}.${name.slice(0, -1)}`] ?? ids[name.slice(0, -1)] : undefined
    return typeof one === 'number' && ['integer', 'number'].includes(typeOf(schema.items) ?? '') ? [one] : undefined
  }
  const value = ids[`${resource}.${name}`] ?? (name.endsWith('Id') ? ids[name] : undefined)
  if (value === undefined) return undefined
  if ((type === 'integer' || type === 'number') && typeof value === 'number') return value
  if (type === 'string' && typeof value === 'string') return value
  return undefined
}

/** Fills body and query from their schemas, with `ids` in the fields the convention names. */
export function requestParts(route: RouteInfo, ids: ResourceIds | undefined, mode: 'required' | 'full' = 'required') {
  const resource = resourceOf(route.url)
  let injected = 0
  const byName = ids ? (name: string, s: Schema) => {
    const id = idForField(ids, resource, name, s)
    if (id !== undefined) injected++
    return id
  } : undefined
  const schema = (route.schema ?? {}) as { querystring?: Schema }
  const json = bodySchema(route) as Schema | undefined
  const body = json ? sample(json, { mode, byName }) : undefined
  const query = schema.querystring ? sample(schema.querystring, { mode: 'required', byName }) as Record<string, unknown> : undefined
  const stringQuery = query && Object.keys(query).length ? Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) : undefined
  /** `injected`: how many fields carry an id from `ids` (a foreign id makes the request target that company). */
  return { body, query: stringQuery, injected }
}

/**
 * A new token for a test user, read from the database: routes under test may sign the caller out (logout,
 * password change) and every later call must still be a real, signed-in caller.
 */
export async function fresh(app: FastifyInstance, user: TestUser): Promise<TestUser> {
  const row = await app.bind(User).query().unscoped().findById(user.id)
  if (!row) throw new Error(`test caller ${user.email} was deleted by a route under test`)
  // The caller's open session when one is left: a new one per call would change the company's user_sessions rows.
  const open = await app.knex('userSessions').where({ userId: row.id }).whereNull('endedAt').orderBy('id', 'desc').first('id')
  return sessionFor(app, row, user.password, open ? Number(open.id) : undefined)
}

/**
 * Every row a company owns (each table with a companyId, and its companies row), to prove that calls by other
 * companies changed nothing of it: read leaks show in answers, write leaks only here.
 */
export async function companySnapshot(app: FastifyInstance, companyId: number): Promise<Record<string, string>> {
  const tables: string[] = app.dialect === 'mysql'
    ? ((await app.knex.raw('select table_name as t from information_schema.columns where table_schema = database() and column_name = ?', ['company_id']))[0] as Array<{ t: string }>).map((r) => r.t)
    : await sqliteTablesWithCompany(app)
  const out: Record<string, string> = { companies: JSON.stringify(await app.knex('companies').where({ id: companyId })) }
  // Sorted in memory: not every table has an `id` to order by.
  for (const table of tables.sort()) out[table] = (await app.knex(table).where({ companyId })).map((r) => JSON.stringify(r)).sort().join('\n')
  return out
}

async function sqliteTablesWithCompany(app: FastifyInstance): Promise<string[]> {
  const tables = (await app.knex.raw("select name as t from sqlite_master where type = 'table' and name not like 'sqlite_%'")) as Array<{ t: string }>
  const out: string[] = []
  for (const { t } of tables) {
    const cols = (await app.knex.raw(`pragma table_info(\`${t}\`)`)) as Array<{ name: string }>
    if (cols.some((c) => c.name === 'company_id')) out.push(t)
  }
  return out
}
