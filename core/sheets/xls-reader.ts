import fs from 'node:fs'
import { AppError } from '../errors/app-error.ts'
import { MAX_SHEET_ROWS, type SheetCell, type SheetRow } from './types.ts'

/** SheetJS reads the legacy binary .xls (BIFF) exceljs cannot; loaded only when such a file comes in. */
let loading: Promise<typeof import('@e965/xlsx')> | undefined
const sheetjs = () => (loading ??= import('@e965/xlsx'))

/** The two formats an ".xls" really is in the wild: the OLE2 container of Excel 97-2003, or an .xlsx renamed (zip). */
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04])

/**
 * Reads the first sheet of an Excel 97-2003 workbook. The format has no streaming reader (and holds at most 65,536
 * rows), so the file is parsed whole; anything but an OLE2 or zip container is refused before parsing.
 */
export async function readXlsRows(file: string, accepted: string[]): Promise<SheetRow[]> {
  const data = await fs.promises.readFile(file)
  const head = data.subarray(0, 8)
  if (!head.subarray(0, 8).equals(OLE2) && !head.subarray(0, 4).equals(ZIP)) {
    throw new AppError('ERR_UNSUPPORTED_MEDIA_TYPE', 415, { accepted, reason: 'not an Excel workbook' })
  }
  const XLSX = await sheetjs()
  let matrix: SheetCell[][]
  try {
    const book = XLSX.read(data, { type: 'buffer', cellDates: true, cellHTML: false, cellFormula: false, sheetRows: MAX_SHEET_ROWS + 2 })
    const first = book.SheetNames[0]
    if (!first) throw new Error('no sheet')
    matrix = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[first], { header: 1, blankrows: true, defval: null, raw: true })
      .map((row) => row.map((v): SheetCell => (v instanceof Date ? v.toISOString().slice(0, 10) : (v as SheetCell))))
  } catch {
    throw new AppError('ERR_UNSUPPORTED_MEDIA_TYPE', 415, { accepted, reason: 'not a readable Excel workbook' })
  }
  const rows: SheetRow[] = []
  matrix.forEach((cells, i) => {
    if (!cells.some((v) => v !== null && v !== undefined && String(v).trim() !== '')) return
    if (rows.length >= MAX_SHEET_ROWS + 1) throw new AppError('ERR_PAYLOAD_TOO_LARGE', 413, { maxRows: MAX_SHEET_ROWS })
    rows.push({ line: i + 1, cells })
  })
  return rows
}
