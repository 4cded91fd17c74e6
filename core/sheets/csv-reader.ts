import fs from 'node:fs'
import { parse } from 'csv-parse'
import { AppError } from '../errors/app-error.ts'
import { MAX_SHEET_ROWS, type SheetCell as Cell, type SheetRow } from './types.ts'

/** The separators spreadsheets write: comma, semicolon (Excel where the decimal mark is a comma, as in Brazil), tab. */
const SEPARATORS = [',', ';', '\t'] as const

/** The separator of a file: the one its first line uses most outside quotes. */
function separatorOf(firstLine: string): string {
  const outside = firstLine.replace(/"[^"]*"/g, '')
  return SEPARATORS.map((s) => [s, outside.split(s).length] as const).sort((a, b) => b[1] - a[1])[0][0]
}

/** The export puts an apostrophe before text a spreadsheet would run as a formula: reading it back takes it off. */
const unguarded = (text: string): Cell => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text)

async function firstLine(file: string): Promise<string> {
  const handle = await fs.promises.open(file, 'r')
  try {
    const buffer = Buffer.alloc(64 * 1024)
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0)
    return buffer.subarray(0, bytesRead).toString('utf8').replace(/^\uFEFF/, '').split(/\r?\n/)[0]
  } finally {
    await handle.close()
  }
}

/**
 * Reads a CSV file (UTF-8, with or without BOM; comma, semicolon or tab separated; RFC 4180 quoting) into rows with
 * their line numbers, as the .xlsx reader does, so the contacts export (CSV) imports back as it is.
 */
export async function readCsvRows(file: string, accepted: string[]): Promise<SheetRow[]> {
  const delimiter = separatorOf(await firstLine(file))
  const parser = fs.createReadStream(file).pipe(parse({ bom: true, delimiter, relax_column_count: true, skip_empty_lines: true, info: true }))
  const rows: SheetRow[] = []
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (!record.some((v) => v.trim() !== '')) continue
      if (rows.length >= MAX_SHEET_ROWS + 1) throw new AppError('ERR_PAYLOAD_TOO_LARGE', 413, { maxRows: MAX_SHEET_ROWS })
      // info.lines is where the record ends: a quoted field may span lines, and the row is reported where it starts
      const spanned = record.reduce((n, v) => n + (v.match(/\n/g)?.length ?? 0), 0)
      rows.push({ line: info.lines - spanned, cells: record.map(unguarded) })
    }
  } catch (err) {
    if (err instanceof AppError) throw err
    throw new AppError('ERR_UNSUPPORTED_MEDIA_TYPE', 415, { accepted, reason: `not a readable CSV: ${(err as Error).message}` })
  } finally {
    parser.destroy()
  }
  return rows
}
