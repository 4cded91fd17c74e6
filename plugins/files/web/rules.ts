import type { FieldErrors } from '@zapdesk/plugin-api/web'
import type { FileList } from './types.ts'

/** A row of the dialog: a saved option (with its id and file) or a new one; `file` is one chosen now. */
export interface OptionRow {
  id?: number
  name: string
  saved: string | null
  file: File | null
}

export interface Values {
  name: string
  message: string
  options: OptionRow[]
}

/** The spec: name required, at least 3 characters ('nome muito curto'); message required. */
export function checkFileList(v: Values): FieldErrors<Values> {
  const errors: FieldErrors<Values> = {}
  if (v.name.trim().length < 3) errors.name = 'files:dialog.nameShort'
  if (!v.message.trim()) errors.message = 'files:dialog.required'
  if (v.options.some((o) => !o.name.trim())) errors.options = 'files:dialog.optionNameRequired'
  return errors
}

/** The form's values for a list being edited, or a new list's. */
export const valuesOf = (f?: FileList): Values => f
  ? { name: f.name, message: f.message, options: f.options.map((o) => ({ id: o.id, name: o.name, saved: o.fileName, file: null })) }
  : { name: '', message: '', options: [] }
