/** A cell as the readers give it: text, a number, a boolean, or empty. Dates come as YYYY-MM-DD text. */
export type SheetCell = string | number | boolean | null | undefined

/** A non-empty row of the first sheet with its line number in the file (1-based, as the spreadsheet shows it). */
export interface SheetRow {
  line: number
  cells: SheetCell[]
}

/** More rows than this are refused whole: an import is a directory, not a data warehouse load. */
export const MAX_SHEET_ROWS = 50_000

/** A cell as trimmed text without control characters ('' when empty). */
export const cellText = (v: SheetCell): string => (v === null || v === undefined ? '' : String(v).replace(/[\u0000-\u001f\u007f]/g, ' ').trim())
