import type http from 'node:http'
import { randomUUID } from 'node:crypto'

/**
 * The fake's browser card tokenizer (what ASAAS_TOKENIZE_URL points at in the tests): called by a browser from the
 * app's origin, so it answers CORS preflights; checks the public key and the card like a real tokenizer would and
 * answers a token with the last four digits and the brand. Cards it saw are kept apart from `requests` (the calls
 * the app's server makes), so a test can tell the card went here and nowhere else.
 */
export interface FakeTokenizer {
  publicKey: string
  /** Every tokenize call's body, as the browser sent it. */
  calls: Array<Record<string, unknown> | null>
  /** The tokens it answered, with the card's last four digits. */
  tokens: Map<string, { last4: string; brand: string }>
}

const luhn = (digits: string): boolean => {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2
    sum += d
  }
  return digits.length >= 12 && sum % 10 === 0
}

const brandOf = (n: string): string => (/^4/.test(n) ? 'VISA' : /^(5[1-5]|2[2-7])/.test(n) ? 'MASTERCARD' : /^3[47]/.test(n) ? 'AMEX' : 'UNKNOWN')

const CORS = { 'access-control-allow-origin': '*', 'access-control-allow-methods': 'POST, OPTIONS', 'access-control-allow-headers': 'content-type', 'access-control-max-age': '60' }

/** Answers the request when it is the tokenizer's (true), else leaves it to the API fake (false). */
export function handleTokenize(state: FakeTokenizer, req: http.IncomingMessage, path: string, json: Record<string, unknown> | null, res: http.ServerResponse): boolean {
  if (path !== '/creditCard/tokenize') return false
  if (req.method === 'OPTIONS') {
    res.writeHead(204, CORS).end()
    return true
  }
  const answer = (status: number, data: unknown) => res.writeHead(status, { ...CORS, 'content-type': 'application/json' }).end(JSON.stringify(data))
  if (req.method !== 'POST') return answer(405, { errors: [{ code: 'method_not_allowed' }] }), true
  state.calls.push(json)
  if (json?.publicKey !== state.publicKey) return answer(401, { errors: [{ code: 'invalid_public_key' }] }), true
  const card = (json?.creditCard ?? {}) as Record<string, unknown>
  const number = String(card.number ?? '')
  if (!/^\d{12,19}$/.test(number) || !luhn(number)) return answer(400, { errors: [{ code: 'invalid_creditCard', description: 'Cartão inválido' }] }), true
  if (!/^\d{3,4}$/.test(String(card.ccv ?? '')) || !String(card.holderName ?? '').trim()) return answer(400, { errors: [{ code: 'invalid_creditCard' }] }), true
  const month = Number(card.expiryMonth)
  const year = Number(card.expiryYear)
  const now = new Date()
  if (!(month >= 1 && month <= 12) || year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) return answer(400, { errors: [{ code: 'invalid_expiry' }] }), true
  const token = randomUUID()
  state.tokens.set(token, { last4: number.slice(-4), brand: brandOf(number) })
  return answer(200, { creditCardNumber: number.slice(-4), creditCardBrand: brandOf(number), creditCardToken: token }), true
}
