import { apiCall, capturePublished, fileUpload, type TestHeaders } from '@zapdesk/plugin-api/testing'
import type { FastifyInstance } from 'fastify'
import ExcelJS from 'exceljs'

/** Shared by this plugin's tests: API calls, realtime capture and spreadsheets made on the fly. */
export type Headers = TestHeaders

export const call = apiCall
export const upload = fileUpload
export { capturePublished }

/** An .xlsx file in memory with these rows (the first one is usually the header). */
export async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('Contatos')
  for (const r of rows) ws.addRow(r)
  return Buffer.from(await wb.xlsx.writeBuffer())
}
