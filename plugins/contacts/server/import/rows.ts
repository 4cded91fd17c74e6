import { Type, cellText, type SheetCell } from '@zapdesk/plugin-api'
import { isEmail, normalizeNumber, searchKey } from '../normalize.ts'

/** A row as read from a sheet or sent by the API: cells by header name, or by position when the sheet has no header. */
export type Cell = SheetCell

export interface ImportRow {
  row: number
  name: string
  number: string
  email: string
  extraInfo: Array<{ name: string; value: string }>
}

/** Why a row was not imported; `reason` is a stable key the web app translates. */
export interface ImportError {
  row: number
  name: string
  number: string
  reason: 'numberMissing' | 'numberInvalid' | 'nameTooShort' | 'nameTooLong' | 'emailInvalid' | 'duplicated' | 'duplicatedInFile'
  message: string
}

export const ImportErrorDto = Type.Object({ row: Type.Integer(), name: Type.String(), number: Type.String(), reason: Type.String(), message: Type.String() })

const MESSAGES: Record<ImportError['reason'], string> = {
  numberMissing: 'the number is missing',
  numberInvalid: 'the number must have 8 to 15 digits',
  nameTooShort: 'the name is too short',
  nameTooLong: 'the name is longer than 50 characters',
  emailInvalid: 'the email is not valid',
  duplicated: 'a contact with this number already exists',
  duplicatedInFile: 'this number appears earlier in the file',
}

export const rowError = (row: number, name: string, number: string, reason: ImportError['reason']): ImportError =>
  ({ row, name: name.slice(0, 100), number: number.slice(0, 50), reason, message: MESSAGES[reason] })

/** Header names people use for the three known columns (pt, en, es); any other column becomes extra info. */
const ALIASES: Record<'name' | 'number' | 'email', string[]> = {
  name: ['name', 'nome', 'nombre', 'contato', 'contact', 'contacto'],
  number: ['number', 'numero', 'phone', 'telefone', 'telefono', 'celular', 'whatsapp', 'fone', 'mobile'],
  email: ['email', 'e-mail', 'mail', 'correo'],
}

/** Columns of the platform's own export that describe the stored row, not the contact: not kept as extra info. */
const EXPORT_ONLY = new Set(['createdat', 'updatedat', 'id'])

export interface Columns {
  name?: number
  number?: number
  email?: number
  extra: Array<{ index: number; name: string }>
}

/** Maps a header row; null when it names no number column (the sheet is then read by position: name, number, email). */
export function columnsOf(header: string[]): Columns | null {
  const out: Columns = { extra: [] }
  header.forEach((raw, index) => {
    const key = searchKey(raw)
    const known = (Object.keys(ALIASES) as Array<keyof typeof ALIASES>).find((k) => ALIASES[k].includes(key))
    if (known && out[known] === undefined) out[known] = index
    else if (key && !EXPORT_ONLY.has(key)) out.extra.push({ index, name: raw.trim().slice(0, 100) })
  })
  return out.number === undefined ? null : out
}

export const POSITIONAL: Columns = { name: 0, number: 1, email: 2, extra: [] }

export { cellText }

/** Validates one row; `row` is its 1-based line in the sheet (or position in the API's list). */
export function parseRow(cells: Cell[], cols: Columns, row: number): ImportRow | ImportError {
  const at = (i: number | undefined) => (i === undefined ? '' : cellText(cells[i]))
  const rawNumber = at(cols.number)
  let name = at(cols.name).replace(/\s+/g, ' ')
  const email = at(cols.email).toLowerCase()
  if (!rawNumber) return rowError(row, name, rawNumber, 'numberMissing')
  const number = normalizeNumber(rawNumber)
  if (!number) return rowError(row, name, rawNumber, 'numberInvalid')
  // A row without a name is still a contact: it is named after its number, as contacts first seen on WhatsApp are.
  if (!name) name = number
  if (name.length < 2) return rowError(row, name, rawNumber, 'nameTooShort')
  if (name.length > 50) return rowError(row, name, rawNumber, 'nameTooLong')
  if (email && !isEmail(email)) return rowError(row, name, rawNumber, 'emailInvalid')
  const extraInfo = cols.extra.map((c) => ({ name: c.name, value: at(c.index).slice(0, 1000) })).filter((f) => f.value)
  return { row, name, number, email, extraInfo }
}

export const isImportError = (r: ImportRow | ImportError): r is ImportError => 'reason' in r
