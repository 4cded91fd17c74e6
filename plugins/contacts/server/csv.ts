/** CSV for spreadsheets (RFC 4180, comma separated, CRLF), safe to open in Excel. */

/** Excel reads UTF-8 only when the file starts with a byte order mark; without it accents turn into mojibake. */
export const BOM = '\uFEFF'

/**
 * One field: quoted when it holds a comma, quote or line break, quotes doubled. A text that a spreadsheet would run
 * as a formula (=, +, -, @, tab, CR first) gets a leading apostrophe, so a contact named "=HYPERLINK(...)" stays text.
 */
export function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export const csvLine = (fields: unknown[]): string => `${fields.map(csvField).join(',')}\r\n`
