import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { AppError, IdParams, Type, errorResponses, readSheetRows, readUploads } from '@zapdesk/plugin-api'
import { ContactListItem } from '../models.ts'
import { findList } from './lists.ts'
import { validateRows } from './sheet-rows.ts'
import { CHECK_JOB } from './number-check.ts'

/** Rows per insert statement: under SQLite's 500 terms of a compound SELECT (how knex writes multi-row inserts there). */
const BATCH = 400
const ImportAnswer = Type.Object({
  added: Type.Integer(),
  errors: Type.Array(Type.Object({ line: Type.Integer(), name: Type.String(), number: Type.String(), reason: Type.String() })),
})

/**
 * Imports a spreadsheet (.xls or .xlsx) into a list. The whole file is read and checked before anything is written,
 * then the good rows go in one transaction (all of them or, on a failure, none); each bad row comes back with its
 * line and reason. The numbers are then checked on WhatsApp by a job, one at a time, and the page hears each answer.
 */
export default async function contactListImportRoute(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()

  api.post('/contact-lists/:id/upload', {
    schema: {
      summary: 'Import contacts from an .xls or .xlsx file (multipart `file`): columns name, number, email (a header row names them, in pt, en or es)',
      consumes: ['multipart/form-data'], params: IdParams, response: { 200: ImportAnswer, ...errorResponses },
    },
  }, async (request) => {
    const { companyId } = request.auth!
    const list = await findList(app, companyId, request.params.id)
    const { files } = await readUploads(request, { extensions: ['.xls', '.xlsx'], maxFiles: 1 })
    if (!files.length) throw new AppError('ERR_VALIDATION', 400, [{ field: 'file', message: 'an .xls or .xlsx file is required' }])
    try {
      const sheet = await app.storage.withLocalFile(companyId, files[0].name, (file) => readSheetRows(file, files[0].name, ['.xls', '.xlsx']))
      if (!sheet) throw new AppError('ERR_NO_MEDIA_FOUND', 404)
      const existing = new Set((await app.bind(ContactListItem).query().forCompany(companyId).where({ contactListId: list.id }).select('number')).map((r) => r.number))
      const { rows, errors } = validateRows(sheet, existing)
      const now = new Date()
      await app.knex.transaction(async (trx) => {
        for (let i = 0; i < rows.length; i += BATCH) {
          await trx(ContactListItem.tableName).insert(rows.slice(i, i + BATCH).map((r) => ({
            companyId, contactListId: list.id, name: r.name, number: r.number, email: r.email, isWhatsappValid: null, createdAt: now, updatedAt: now,
          })))
        }
      })
      if (rows.length) {
        app.realtime.publish({ companyId, topic: 'contact-list-item', data: { action: 'reload', contactListId: list.id } })
        await app.jobs.enqueue(CHECK_JOB, { companyId, contactListId: list.id }, { jobId: `check-${list.id}-${Date.now()}` }).catch((err) => app.log.warn({ err }, 'queueing the number check failed'))
      }
      return { added: rows.length, errors }
    } finally {
      // The spreadsheet only carried the rows: it is not kept in the company's media.
      await app.storage.remove(companyId, files[0].name)
    }
  })
}
