/**
 * Rules of the contact drawer's forms (spec 5): the edit form has the contact form's rules with the English texts
 * (name required 2-50, number 8-50, email valid), the note is required with at least 2 characters. The results are
 * the shell's `core:validation.*` keys, whose texts are those English messages in every language. Import-free: it
 * runs in unit tests.
 */
export interface ContactEditValues {
  name: string
  number: string
  email: string
}

export type ContactEditErrors = Partial<Record<keyof ContactEditValues, string>>

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/
const REQUIRED = 'core:validation.required'
const SHORT = 'core:validation.tooShort'
const LONG = 'core:validation.tooLong'

function lengthRule(value: string, min: number, max: number): string | undefined {
  if (!value) return REQUIRED
  if (value.length < min) return SHORT
  if (value.length > max) return LONG
  return undefined
}

export function validateContactEdit(v: ContactEditValues): ContactEditErrors {
  const errors: ContactEditErrors = {}
  const name = lengthRule(v.name.trim(), 2, 50)
  if (name) errors.name = name
  const number = lengthRule(v.number.replace(/\D/g, ''), 8, 50)
  if (number) errors.number = number
  if (v.email.trim() && !EMAIL.test(v.email.trim())) errors.email = 'core:validation.invalidEmail'
  return errors
}

export function validateNote(note: string): string | null {
  const text = note.trim()
  if (!text) return REQUIRED
  return text.length < 2 ? SHORT : null
}
