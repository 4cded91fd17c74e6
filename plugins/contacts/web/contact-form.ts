/**
 * The contact form's rules (spec): name required 2 to 50, number 8 to 50, email valid when given. Each check gives
 * a key under `contacts:validation.` so the text follows the language. Kept free of imports: it runs in unit tests.
 */
export interface ContactFormValues {
  name: string
  number: string
  email: string
}

export type ContactErrors = Partial<Record<keyof ContactFormValues, string>>

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/

export function validateContact(v: ContactFormValues): ContactErrors {
  const errors: ContactErrors = {}
  const name = v.name.trim()
  if (!name) errors.name = 'contacts:validation.required'
  else if (name.length < 2) errors.name = 'contacts:validation.nameShort'
  else if (name.length > 50) errors.name = 'contacts:validation.nameLong'
  const number = v.number.trim()
  if (!number) errors.number = 'contacts:validation.required'
  else if (number.length < 8) errors.number = 'contacts:validation.numberShort'
  else if (number.length > 50) errors.number = 'contacts:validation.numberLong'
  if (v.email.trim() && !EMAIL.test(v.email.trim())) errors.email = 'contacts:validation.email'
  return errors
}

/**
 * The spec's mask (99) 99999-9999, typed progressively. A number with a country code (12 or 13 digits) keeps the
 * same mask after it: +55 (11) 98765-4321; anything longer is shown as plain digits.
 */
export function maskContactNumber(value: string): string {
  const d = value.replace(/\D/g, '').slice(0, 15)
  if (d.length === 0) return ''
  if (d.length > 13) return `+${d}`
  const cc = d.length > 11 ? d.slice(0, d.length - 11) : ''
  const local = cc ? d.slice(cc.length) : d
  const prefix = cc ? `+${cc} ` : ''
  if (local.length <= 2) return `${prefix}(${local}`
  if (local.length <= 7) return `${prefix}(${local.slice(0, 2)}) ${local.slice(2)}`
  const split = local.length === 11 ? 7 : 6
  return `${prefix}(${local.slice(0, 2)}) ${local.slice(2, split)}-${local.slice(split)}`
}
