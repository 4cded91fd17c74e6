/** One CSV line (RFC 4180), with cells a spreadsheet would run as a formula made inert by a leading quote. */
export function csvLine(cells: (string | number | null | undefined)[]): string {
  return `${cells.map((c) => {
    let text = c === null || c === undefined ? '' : String(c)
    if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
    return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
  }).join(',')}\r\n`
}

export const BOM = '\uFEFF'
