/**
 * Normalizations shared by the routes, the importer and findOrCreateContact, so a number or a name typed in the
 * form, read from a spreadsheet or reported by WhatsApp ends up the same in the database.
 */

/** Digits of a person's number, E.164 at most 15 (the form's mask and a country code allow 8 or more). */
export const NUMBER_DIGITS = { min: 8, max: 15 }

/** A person's number as digits only, or null when it cannot be one. */
export function normalizeNumber(raw: string | number | null | undefined): string | null {
  if (raw === null || raw === undefined) return null
  const digits = String(raw).replace(/\D/g, '')
  return digits.length >= NUMBER_DIGITS.min && digits.length <= NUMBER_DIGITS.max ? digits : null
}

/** A group id keeps its '-' (older group ids are "<creator>-<timestamp>"). */
export function normalizeGroupNumber(raw: string): string | null {
  const kept = raw.split('@')[0].replace(/[^\d-]/g, '')
  return /^\d[\d-]{4,48}\d$/.test(kept) ? kept : null
}

/** The search key of a name: lowercase, no accents, single spaces; the same function runs on search terms. */
export function searchKey(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase().replace(/\s+/g, ' ').trim().slice(0, 100)
}

/** A display name that fits the column, never blank. */
export function cleanName(name: string | null | undefined, fallback: string): string {
  const n = (name ?? '').replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/\s+/g, ' ').trim()
  return (n || fallback).slice(0, 100)
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/

export const isEmail = (value: string): boolean => value.length <= 200 && EMAIL.test(value)
