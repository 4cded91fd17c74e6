import fs from 'node:fs'
import type ExcelJS from 'exceljs'
import { AppError } from '../errors/app-error.ts'
import { MAX_SHEET_ROWS, type SheetCell as Cell, type SheetRow } from './types.ts'

/** exceljs costs ~25 MB of RSS and over a second to load: only an import pays for it, not every server boot. */
let loading: Promise<typeof ExcelJS> | undefined
const excel = () => (loading ??= import('exceljs').then((m) => m.default))

const notAWorkbook = (accepted: string[]) => new AppError('ERR_UNSUPPORTED_MEDIA_TYPE', 415, { accepted, reason: 'not an xlsx workbook' })

/** The plain value of a cell, whatever exceljs made of it (rich text, hyperlink, formula result, date). */
function plain(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null
  if (value instanceof Date) return value.toISOString().slice(0, 10)
  if (typeof value !== 'object') return value
  if ('richText' in value) return value.richText.map((r) => r.text).join('')
  if ('text' in value && typeof value.text === 'string') return value.text
  if ('result' in value) return plain(value.result as ExcelJS.CellValue)
  return null
}

/**
 * Reads the first worksheet of an .xlsx file with exceljs' streaming reader (the workbook is never held in memory
 * as a whole) and returns its rows as cell lists with their sheet line numbers, empty rows skipped. Reading
 * everything before anything is written is what makes a broken file leave nothing half-imported.
 */
export async function readXlsxRows(file: string, accepted: string[]): Promise<SheetRow[]> {
  const { stream } = await excel()
  const input = fs.createReadStream(file)
  const rows: SheetRow[] = []
  let sheets = 0
  try {
    const reader = new stream.xlsx.WorkbookReader(input, { worksheets: 'emit', sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', entries: 'ignore' })
    for await (const sheet of reader) {
      sheets++
      // Every sheet's data has to be consumed for the zip stream to go on, but only the first one is imported.
      for await (const row of sheet) {
        if (sheets > 1) continue
        const values = (row.values as ExcelJS.CellValue[]).slice(1).map(plain)
        if (!values.some((v) => v !== null && String(v).trim() !== '')) continue
        if (rows.length >= MAX_SHEET_ROWS + 1) throw new AppError('ERR_PAYLOAD_TOO_LARGE', 413, { maxRows: MAX_SHEET_ROWS })
        rows.push({ line: row.number, cells: values })
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err
    throw notAWorkbook(accepted)
  } finally {
    input.destroy()
  }
  if (sheets === 0) throw notAWorkbook(accepted)
  return rows
}
