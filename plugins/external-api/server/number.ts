import { AppError } from '@zapdesk/plugin-api'

/** E.164 allows at most 15 digits with the country code; fewer than 8 is no reachable number anywhere. */
const DIGITS = /^\d{8,15}$/
/** What people write around a number: +55 (11) 99999-0000, 55.11.99999.0000. Anything else is not a number. */
const DECORATION = /[\s+().-]/g

/**
 * The digits of a number as a caller may format it, country code first. Letters, a group id, a JID or too few or
 * too many digits are refused with ERR_INVALID_NUMBER on `body/number` (WhatsApp then says whether it exists).
 */
export function parseNumber(raw: unknown): string {
  const text = typeof raw === 'string' ? raw.trim() : ''
  const digits = text.replace(DECORATION, '')
  if (!DIGITS.test(digits) || (text.includes('+') && !/^\+[^+]*$/.test(text))) {
    throw new AppError('ERR_INVALID_NUMBER', 400, [{ field: 'body/number', message: 'must be 8 to 15 digits, country code first (e.g. 5511999990000)' }])
  }
  return digits
}
