/**
 * The card form's checks (spec: number required, at most 16 digits; name required; expiry MM/YY auto-formatted; CVV
 * required; fields disabled until the brand is known). Run in the browser only: the card never reaches our server.
 */
export interface CardValues { number: string; name: string; expiry: string; cvv: string }
export type CardErrors = Partial<Record<keyof CardValues, string>>

export const EMPTY_CARD: CardValues = { number: '', name: '', expiry: '', cvv: '' }
export const CARD_MAX_DIGITS = 16

/** Brands by their number's prefix; Elo and Hipercard ranges overlap Visa/Mastercard, so they are tried first. */
const BRANDS: Array<[string, RegExp]> = [
  ['ELO', /^(4011(78|79)|43(1274|8935)|45(1416|7393|763[12])|50(4175|6699|67[0-7]|9)|627780|63(6297|6368)|65(0[0-4]|5[0-5]|16))/],
  ['HIPERCARD', /^(606282|3841)/],
  ['AMEX', /^3[47]/],
  ['DINERS', /^3(0[0-5]|[68])/],
  ['VISA', /^4/],
  ['MASTERCARD', /^(5[1-5]|2(2[2-9]|[3-6]|7[01]|720))/],
  ['DISCOVER', /^6(011|5)/],
]

export function cardBrand(number: string): string | null {
  const digits = number.replace(/\D/g, '')
  if (digits.length < 2) return null
  return BRANDS.find(([, re]) => re.test(digits))?.[0] ?? null
}

/** The Luhn check digit (every card number ends with one). */
export function luhnValid(number: string): boolean {
  const digits = number.replace(/\D/g, '')
  if (digits.length < 12) return false
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2
    sum += d
  }
  return sum % 10 === 0
}

/** The number as typed: digits only, at most 16, grouped by four for reading. */
export const formatCardNumber = (raw: string): string => raw.replace(/\D/g, '').slice(0, CARD_MAX_DIGITS).replace(/(\d{4})(?=\d)/g, '$1 ')

/** Expiry digits auto-formatted MM/YY. */
export function formatExpiry(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 4)
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits
}

/** MM/YY as month and four-digit year, or null when it is not one. */
export function parseExpiry(expiry: string): { month: number; year: number } | null {
  const m = /^(\d{2})\/(\d{2})$/.exec(expiry)
  if (!m) return null
  const month = Number(m[1])
  return month >= 1 && month <= 12 ? { month, year: 2000 + Number(m[2]) } : null
}

/** Each field's message key (billing:card.errors.*), empty when the card can go to the tokenizer. */
export function validateCard(v: CardValues, now = new Date()): CardErrors {
  const errors: CardErrors = {}
  const digits = v.number.replace(/\D/g, '')
  if (!digits) errors.number = 'billing:validation.required'
  else if (!cardBrand(digits)) errors.number = 'billing:card.errors.brand'
  else if (!luhnValid(digits)) errors.number = 'billing:card.errors.number'
  if (!v.name.trim()) errors.name = 'billing:validation.required'
  const expiry = parseExpiry(v.expiry)
  if (!v.expiry) errors.expiry = 'billing:validation.required'
  else if (!expiry) errors.expiry = 'billing:card.errors.expiry'
  else if (expiry.year * 12 + expiry.month < now.getFullYear() * 12 + now.getMonth() + 1) errors.expiry = 'billing:card.errors.expired'
  if (!v.cvv) errors.cvv = 'billing:validation.required'
  else if (!/^\d{3,4}$/.test(v.cvv)) errors.cvv = 'billing:card.errors.cvv'
  return errors
}
