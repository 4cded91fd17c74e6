import { Readable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type, errorResponses, toIso } from '@zapdesk/plugin-api'
import { Contact } from './models.ts'
import { applyContactFilters, type ContactFilters } from './search.ts'
import { BOM, csvLine } from './csv.ts'

/** Rows read per query while streaming: memory stays flat however large the directory is. */
const CHUNK = 1000
const ExportQuery = Type.Object({
  searchParam: Type.Optional(Type.String({ maxLength: 200 })),
  date: Type.Optional(Type.String({ format: 'date' })),
  dateStart: Type.Optional(Type.String({ format: 'date' })),
  dateEnd: Type.Optional(Type.String({ format: 'date' })),
})

/** The company's contacts (optionally filtered like the list), chunk by chunk in id order (keyset, not offset). */
async function* csvRows(app: FastifyInstance, companyId: number, filters: ContactFilters): AsyncGenerator<string> {
  yield BOM + csvLine(['name', 'number', 'email', 'createdAt'])
  let after = 0
  for (;;) {
    const q = app.bind(Contact).query().forCompany(companyId).where('contacts.id', '>', after)
    applyContactFilters(app, q, filters)
    const rows = await q.orderBy('contacts.id').limit(CHUNK).select('id', 'name', 'number', 'email', 'createdAt')
    if (!rows.length) return
    yield rows.map((c) => csvLine([c.name, c.number ?? '', c.email, toIso(c.createdAt) ?? ''])).join('')
    after = rows[rows.length - 1].id
  }
}

export default async function contactExportRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()

  api.get('/contacts/export', {
    schema: {
      summary: 'The company\'s contacts as CSV (UTF-8 with BOM, streamed); same filters as the list',
      querystring: ExportQuery,
      produces: ['text/csv'],
      response: { 200: Type.String(), ...errorResponses },
    },
  }, async (request, reply) => {
    const stamp = new Date().toISOString().slice(0, 10)
    reply.header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="contacts-${stamp}.csv"`)
      .header('cache-control', 'no-store')
    // A stream is sent as is (no serializer); the schema's string only documents the body.
    return reply.send(Readable.from(csvRows(app, request.auth!.companyId, { ...request.query, timezone: request.auth!.timezone })) as unknown as string)
  })
}
