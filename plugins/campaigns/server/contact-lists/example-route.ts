import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type, errorResponses } from '@zapdesk/plugin-api'

const HEADERS = { pt: ['Nome', 'Número', 'E-mail'], en: ['Name', 'Number', 'Email'], es: ['Nombre', 'Número', 'Correo'] }
const SAMPLES = [['Maria Souza', '5511999990001', 'maria@exemplo.com'], ['João Lima', '5521988880002', '']]

/**
 * The example spreadsheet of the contact lists page (the spec's template downloaded from a public path): the three
 * columns the import reads, with their header in the page's language and two sample rows.
 */
export default async function contactListExampleRoute(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  api.get('/contact-lists/example.xlsx', {
    config: { access: 'public' },
    schema: {
      summary: 'An example spreadsheet for the contact list import (public)',
      querystring: Type.Object({ lang: Type.Optional(Type.Union([Type.Literal('pt'), Type.Literal('en'), Type.Literal('es')])) }),
      produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      response: { 200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }), ...errorResponses },
    },
  }, async (request, reply) => {
    const { default: ExcelJS } = await import('exceljs')
    const book = new ExcelJS.Workbook()
    const sheet = book.addWorksheet('Contatos')
    sheet.addRow(HEADERS[request.query.lang ?? 'pt']).font = { bold: true }
    sheet.addRows(SAMPLES)
    sheet.columns.forEach((c) => (c.width = 24))
    const data = Buffer.from(await book.xlsx.writeBuffer())
    return reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', 'attachment; filename="planilha-contatos.xlsx"').header('cache-control', 'public, max-age=86400').send(data)
  })
}
