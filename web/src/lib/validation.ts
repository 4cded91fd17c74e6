/**
 * Form rules of the spec. Each check returns an i18n key under `validation.` (or null when valid), so the same
 * rule shows its text in the current language.
 */
export type Check = (value: string) => string | null
export type Errors<T> = Partial<Record<keyof T, string>>

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/

export const required: Check = (v) => (v.trim() ? null : 'validation.required')
export const email: Check = (v) => (!v.trim() ? null : EMAIL.test(v.trim()) ? null : 'validation.invalidEmail')
export const minLen =
  (n: number, key = 'validation.tooShort'): Check =>
  (v) =>
    v && v.length < n ? key : null
export const maxLen =
  (n: number, key = 'validation.tooLong'): Check =>
  (v) =>
    v.length > n ? key : null

/** Runs the checks of every field in order and keeps the first failure per field. */
export function validate<T extends Record<string, unknown>>(values: T, rules: { [K in keyof T]?: Check[] }): Errors<T> {
  const errors: Errors<T> = {}
  for (const field of Object.keys(rules) as (keyof T)[]) {
    const value = values[field] == null ? '' : String(values[field])
    for (const check of rules[field] ?? []) {
      const failed = check(value)
      if (failed) {
        errors[field] = failed
        break
      }
    }
  }
  return errors
}

export const hasErrors = (errors: object): boolean => Object.keys(errors).length > 0

export interface UserFormValues extends Record<string, unknown> {
  name: string
  email: string
  password: string
}

/** User form: name 2-50, email required and valid, password 5-50 (required only for a new user). */
export function validateUserForm(values: UserFormValues, isNew: boolean): Errors<UserFormValues> {
  return validate(values, {
    name: [required, minLen(2), maxLen(50)],
    email: [required, email],
    password: isNew ? [required, minLen(5), maxLen(50)] : [minLen(5), maxLen(50)],
  })
}

export interface SignupValues extends Record<string, unknown> {
  name: string
  userName: string
  email: string
  phone: string
  password: string
}

export function validateSignup(values: SignupValues): Errors<SignupValues> {
  return validate(values, {
    name: [required, minLen(2), maxLen(50)],
    userName: [required, minLen(2), maxLen(50)],
    email: [required, email],
    password: [required, minLen(5), maxLen(50)],
  })
}

export const validateForgotEmail = (value: string): string | null => required(value) ?? email(value)

/** New password: required, 8+ characters with an uppercase, a lowercase and a digit; confirmation must match. */
export function validateNewPassword(password: string, confirm: string): { password?: string; confirm?: string } {
  const out: { password?: string; confirm?: string } = {}
  if (!password) out.password = 'validation.fieldRequired'
  else if (password.length < 8 || !/[a-z]/.test(password) || !/[A-Z]/.test(password) || !/\d/.test(password)) {
    out.password = 'validation.weakPassword'
  }
  if (password && !confirm) out.confirm = 'validation.fieldRequired'
  else if (password && confirm !== password) out.confirm = 'validation.passwordsDiffer'
  return out
}

/** To-do text must be non-blank after trimming. */
export const isBlank = (text: string): boolean => text.trim().length === 0
