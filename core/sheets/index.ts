import path from 'node:path'
import { AppError } from '../errors/app-error.ts'
import { readCsvRows } from './csv-reader.ts'
import { readXlsRows } from './xls-reader.ts'
import { readXlsxRows } from './xlsx-reader.ts'
import type { SheetRow } from './types.ts'

export { MAX_SHEET_ROWS, cellText, type SheetCell, type SheetRow } from './types.ts'

export type SheetFormat = '.xlsx' | '.xls' | '.csv'

/**
 * The non-empty rows of a spreadsheet's first sheet with their line numbers, read whole before anything is written
 * (so a broken file leaves nothing half-imported): .xlsx streamed by exceljs, .xls by SheetJS, .csv by csv-parse
 * (UTF-8, comma/semicolon/tab). `accepted` are the formats the caller takes; another extension, or a file that is
 * not what its extension says, is 415 ERR_UNSUPPORTED_MEDIA_TYPE naming them; over MAX_SHEET_ROWS rows is 413.
 */
export async function readSheetRows(file: string, fileName: string, accepted: SheetFormat[]): Promise<SheetRow[]> {
  const ext = path.extname(fileName).toLowerCase() as SheetFormat
  if (!accepted.includes(ext)) throw new AppError('ERR_UNSUPPORTED_MEDIA_TYPE', 415, { accepted })
  if (ext === '.csv') return readCsvRows(file, accepted)
  if (ext === '.xls') return readXlsRows(file, accepted)
  return readXlsxRows(file, accepted)
}
