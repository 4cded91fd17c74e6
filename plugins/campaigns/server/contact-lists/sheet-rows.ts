import { cellText, type SheetRow } from '@zapdesk/plugin-api'

/** A contact read from a list's spreadsheet, or why its line was left out (`reason` is a key the web translates). */
export interface ListRow {
  line: number
  name: string
  number: string
  email: string
}
export interface RowError {
  line: number
  name: string
  number: string
  reason: 'numberMissing' | 'numberInvalid' | 'nameTooShort' | 'nameTooLong' | 'emailInvalid' | 'duplicatedInFile' | 'duplicatedInList'
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/
const plainKey = (text: string) => text.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase().trim()

/** The header names people give the three columns (pt, en, es), compared without accents or case. */
const HEADERS: Record<'name' | 'number' | 'email', string[]> = {
  name: ['nome', 'name', 'nombre', 'contato', 'contact', 'contacto'],
  number: ['numero', 'number', 'telefone', 'telefono', 'phone', 'celular', 'whatsapp', 'fone', 'mobile'],
  email: ['email', 'e-mail', 'mail', 'correo'],
}

type Columns = Record<'name' | 'number' | 'email', number | undefined>

/** The columns a header row names; null when it names no number column (then the sheet is name, number, email). */
function columnsOf(cells: string[]): Columns | null {
  const keys = cells.map(plainKey)
  const find = (k: keyof typeof HEADERS) => { const i = keys.findIndex((c) => HEADERS[k].includes(c)); return i < 0 ? undefined : i }
  const cols = { name: find('name'), number: find('number'), email: find('email') }
  return cols.number === undefined ? null : cols
}

/**
 * Validates a list's sheet: each row gets a name (its number when blank, 2-50 characters), a number of 8 to 15
 * digits (masks dropped), a valid email when there is one, and a number not seen earlier in the file nor already in
 * the list (`existing`). Good rows and each bad row's line and reason.
 */
export function validateRows(sheet: SheetRow[], existing: Set<string>): { rows: ListRow[]; errors: RowError[] } {
  const rows: ListRow[] = []
  const errors: RowError[] = []
  if (!sheet.length) return { rows, errors }
  const header = columnsOf(sheet[0].cells.map(cellText))
  const cols: Columns = header ?? { name: 0, number: 1, email: 2 }
  const seen = new Set<string>()
  for (const { line, cells } of header ? sheet.slice(1) : sheet) {
    const at = (i: number | undefined) => (i === undefined ? '' : cellText(cells[i]))
    const raw = at(cols.number)
    const number = raw.replace(/\D/g, '')
    let name = at(cols.name).replace(/\s+/g, ' ')
    const email = at(cols.email).toLowerCase()
    const fail = (reason: RowError['reason']) => errors.push({ line, name: name.slice(0, 100), number: raw.slice(0, 50), reason })
    if (!raw) { fail('numberMissing'); continue }
    if (number.length < 8 || number.length > 15) { fail('numberInvalid'); continue }
    if (!name) name = number
    if (name.length < 2) { fail('nameTooShort'); continue }
    if (name.length > 50) { fail('nameTooLong'); continue }
    if (email && !EMAIL.test(email)) { fail('emailInvalid'); continue }
    if (seen.has(number)) { fail('duplicatedInFile'); continue }
    seen.add(number)
    if (existing.has(number)) { fail('duplicatedInList'); continue }
    rows.push({ line, name, number, email })
  }
  return { rows, errors }
}
