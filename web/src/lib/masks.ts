/** Digits of a phone, at most 11 (the spec's max length). */
export function phoneDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, 11)
}

/** Formats progressively with the spec's mask (99) 99999-9999, so typing never jumps. */
export function maskPhone(value: string): string {
  const d = phoneDigits(value)
  if (d.length === 0) return ''
  if (d.length <= 2) return `(${d}`
  if (d.length <= 7) return `(${d.slice(0, 2)}) ${d.slice(2)}`
  return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`
}

/** A BRL amount for tables and plan cards. */
export function formatMoney(value: number | string | null | undefined, locale = 'pt-BR'): string {
  const n = typeof value === 'string' ? Number(value) : value ?? 0
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'BRL' }).format(Number.isFinite(n) ? n : 0)
}
