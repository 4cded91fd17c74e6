/** The spec's form rules of this module; each answer is an i18n key (Field translates it) or null. */

/** Contact list and item names: required, 2 to 50 ('Too Short!', 'Too Long!', 'Required'). */
export function nameError(name: string): string | null {
  const n = name.trim()
  if (!n) return 'campaigns:common.required'
  if (n.length < 2) return 'campaigns:common.tooShort'
  if (n.length > 50) return 'campaigns:common.tooLong'
  return null
}

/** A list contact's number: optional; when given, 8 to 50 characters with digits. */
export function numberError(number: string): string | null {
  const n = number.trim()
  if (!n) return null
  if (n.length < 8 || !/^[\d\s()+.-]+$/.test(n) || !/\d/.test(n)) return 'campaigns:common.tooShort'
  if (n.length > 50) return 'campaigns:common.tooLong'
  return null
}

export function emailError(email: string): string | null {
  const e = email.trim()
  return !e || /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(e) ? null : 'campaigns:common.invalidEmail'
}

/** Campaign settings variable keys: letters, digits and _, once each, not the built-in ones. */
export function variableKeyError(key: string, others: string[]): string | null {
  const k = key.trim()
  if (!/^[\p{L}\p{N}_]+$/u.test(k)) return 'campaigns:settings.keyInvalid'
  if (['nome', 'numero', 'email'].includes(k.toLowerCase())) return 'campaigns:settings.keyReserved'
  if (others.some((o) => o.trim().toLowerCase() === k.toLowerCase())) return 'campaigns:settings.keyRepeated'
  return null
}
