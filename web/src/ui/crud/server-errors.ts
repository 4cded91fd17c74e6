import { isApiError } from '../../api/api-error.ts'
import { errorText } from '../toaster.ts'

/** The message of a schema error on a field the form does not know better (the server's own text is English). */
export const INVALID_VALUE = 'validation.invalidValue'

/**
 * Which form fields a failed save points at: a code the form maps to a field (its translated text), or the schema
 * errors of `ERR_VALIDATION` on `body/<field>` for fields the form has. Null: nothing to show on a field (toast it).
 */
export function fieldErrorsOf(error: unknown, fieldCodes: Partial<Record<string, string>>, fields: readonly string[]): Record<string, string> | null {
  if (!isApiError(error) || !error.code) return null
  const mapped = fieldCodes[error.code]
  if (mapped) return { [mapped]: errorText(error) }
  if (error.code !== 'ERR_VALIDATION' || !Array.isArray(error.details)) return null
  const found: Record<string, string> = {}
  for (const detail of error.details as { field?: unknown }[]) {
    const field = typeof detail?.field === 'string' ? detail.field.replace(/^body\//, '').split('/')[0] : ''
    if (fields.includes(field)) found[field] = INVALID_VALUE
  }
  return Object.keys(found).length ? found : null
}
