import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { AppError, MAX_SHEET_ROWS, Type, errorResponses, readSheetRows, readUploads, type SheetRow } from '@zapdesk/plugin-api'
import { ContactDto } from '../serialize.ts'
import { POSITIONAL, cellText, columnsOf, isImportError, parseRow, ImportErrorDto, type ImportError, type ImportRow } from './rows.ts'
import { breathe, importRows } from './importer.ts'

const ImportAnswer = Type.Object({ newContacts: Type.Array(ContactDto), errorBag: Type.Array(ImportErrorDto) })
const UploadBody = Type.Object({
  rows: Type.Array(Type.Record(Type.String({ maxLength: 100 }), Type.Union([Type.String({ maxLength: 1000 }), Type.Number(), Type.Boolean(), Type.Null()])), { maxItems: MAX_SHEET_ROWS }),
})

/** Splits parsed rows into valid ones and the errorBag, pausing every 1000 rows so other requests get a turn. */
async function validate(lines: SheetRow[]): Promise<{ rows: ImportRow[]; errors: ImportError[] }> {
  const rows: ImportRow[] = []
  const errors: ImportError[] = []
  if (!lines.length) return { rows, errors }
  const header = columnsOf(lines[0].cells.map(cellText))
  for (const [i, { line, cells }] of (header ? lines.slice(1) : lines).entries()) {
    if (i > 0 && i % 1000 === 0) await breathe()
    const parsed = parseRow(cells, header ?? POSITIONAL, line)
    if (isImportError(parsed)) errors.push(parsed)
    else rows.push(parsed)
  }
  return { rows, errors }
}

export default async function contactImportRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()

  api.post('/contacts/import', {
    schema: {
      summary: 'Import contacts from an .xlsx or .csv file (multipart `file`): header row with name, number, email (other columns become extra info)',
      consumes: ['multipart/form-data'],
      response: { 200: ImportAnswer, ...errorResponses },
    },
  }, async (request) => {
    const companyId = request.auth!.companyId
    const { files } = await readUploads(request, { extensions: ['.xlsx', '.csv'], maxFiles: 1 })
    if (!files.length) throw new AppError('ERR_VALIDATION', 400, [{ field: 'file', message: 'an .xlsx or .csv file is required' }])
    try {
      const sheet = await app.storage.withLocalFile(companyId, files[0].name, (file) => readSheetRows(file, files[0].name, ['.xlsx', '.csv']))
      if (!sheet) throw new AppError('ERR_NO_MEDIA_FOUND', 404)
      const { rows, errors } = await validate(sheet)
      return await importRows(app, companyId, rows, errors)
    } finally {
      // The spreadsheet was only a vehicle for the rows: it is not kept in the company's media.
      await app.storage.remove(companyId, files[0].name)
    }
  })

  api.post('/contacts/upload', {
    schema: {
      summary: 'Import contacts from rows already read from a sheet: each row maps header names (name, number, email, ...) to cells',
      body: UploadBody,
      response: { 200: ImportAnswer, ...errorResponses },
    },
  }, async (request) => {
    const companyId = request.auth!.companyId
    const rows: ImportRow[] = []
    const errors: ImportError[] = []
    request.body.rows.forEach((raw, i) => {
      const keys = Object.keys(raw)
      const cols = columnsOf(keys)
      const parsed = parseRow(keys.map((k) => raw[k]), cols ?? { extra: [] }, i + 1)
      if (isImportError(parsed)) errors.push(parsed)
      else rows.push(parsed)
    })
    return importRows(app, companyId, rows, errors)
  })
}
