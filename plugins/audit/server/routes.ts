import { Readable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type, errorResponses, pageOf, type AuthContext } from '@zapdesk/plugin-api'
import { AuditFilters, ActorDto, EntryDto, ListQuery, entryJson, type AuditFilterInput } from './serialize.ts'
import { PAGE_SIZE, checkFilters, companyNames, scopedQuery } from './query.ts'
import { BOM, csvLine } from './csv.ts'

/** Rows an export carries at most: a log that large is read with filters, not in one spreadsheet. */
export const EXPORT_CAP = 50_000
const CHUNK = 1000

/** The export, newest first, chunk by chunk (keyset on id): memory stays flat whatever the log's size. */
async function* csvRows(app: FastifyInstance, auth: AuthContext, f: AuditFilterInput): AsyncGenerator<string> {
  yield BOM + csvLine(['at', ...(auth.super ? ['company'] : []), 'user', 'ip', 'action', 'kind', 'resource', 'name', 'method', 'route', 'changes'])
  let before = Number.MAX_SAFE_INTEGER
  for (let sent = 0; sent < EXPORT_CAP;) {
    const rows = await scopedQuery(app, auth, f).where('id', '<', before).orderBy('id', 'desc').limit(Math.min(CHUNK, EXPORT_CAP - sent))
    if (!rows.length) return
    const names = await companyNames(app, auth, rows)
    yield rows.map((r) => {
      const e = entryJson(r)
      return csvLine([e.createdAt, ...(names ? [names.get(r.companyId) ?? String(r.companyId)] : []), e.userName, e.ip, e.action, e.kind,
        e.resourceId, e.label, e.method, e.route, JSON.stringify(e.changes)])
    }).join('')
    sent += rows.length
    before = Number(rows[rows.length - 1].id)
  }
}

/**
 * The audit log, read-only: the list, who appears in it, and the CSV export. Admins read their company's entries,
 * super users every company's. No route writes, changes or deletes an entry: only the write observer appends.
 */
export default async function auditRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()

  api.get('/audit', {
    config: { access: 'admin' },
    schema: { summary: 'Recorded changes, newest first, 20 a page, with filters', querystring: ListQuery, response: { 200: pageOf('entries', EntryDto), ...errorResponses } },
  }, async (request) => {
    const { pageNumber = 1, ...filters } = request.query
    const auth = request.auth!
    await checkFilters(app, auth, filters)
    const [rows, total] = await Promise.all([
      scopedQuery(app, auth, filters).orderBy('id', 'desc').limit(PAGE_SIZE).offset((pageNumber - 1) * PAGE_SIZE),
      scopedQuery(app, auth, filters).resultSize(),
    ])
    const names = await companyNames(app, auth, rows)
    return { entries: rows.map((r) => entryJson(r, names ? names.get(r.companyId) ?? '' : undefined)), count: total, hasMore: pageNumber * PAGE_SIZE < total }
  })

  api.get('/audit/actors', {
    config: { access: 'admin' },
    schema: { summary: 'The users that appear in the log (the "who" filter), by name', querystring: Type.Pick(AuditFilters, ['companyId']), response: { 200: Type.Array(ActorDto), ...errorResponses } },
  }, async (request) => {
    const rows = await scopedQuery(app, request.auth!, request.query).clearSelect().select('userId').max('userName as userName')
      .groupBy('userId').limit(500) as unknown as { userId: number; userName: string }[]
    return rows.map((r) => ({ userId: Number(r.userId), userName: String(r.userName) })).sort((a, b) => a.userName.localeCompare(b.userName))
  })

  api.get('/audit/export.csv', {
    config: { access: 'admin' },
    schema: {
      summary: `The filtered log as CSV (UTF-8 with BOM, streamed, newest first, at most ${EXPORT_CAP} rows)`,
      querystring: AuditFilters, produces: ['text/csv'], response: { 200: Type.String(), ...errorResponses },
    },
  }, async (request, reply) => {
    // Checked before the stream starts: a bad filter is a 4xx, not a broken download.
    await checkFilters(app, request.auth!, request.query)
    const stamp = new Date().toISOString().slice(0, 10)
    reply.header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-${stamp}.csv"`)
      .header('cache-control', 'no-store')
    return reply.send(Readable.from(csvRows(app, request.auth!, request.query)) as unknown as string)
  })
}
