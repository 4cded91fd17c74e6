import type { CardValues } from './card-rules.ts'
import { parseExpiry } from './card-rules.ts'

/** GET /billing/card-config: the active provider's browser tokenizer, nulls when cards are not offered. */
export interface CardConfig { provider: string | null; tokenizeUrl: string | null; publicKey: string | null }

/** What a tokenizer answers that may reach our server: the token, the last four digits and the brand. */
export interface CardToken { token: string; last4: string; brand: string }

export class TokenizeError extends Error {}

type Tokenizer = (config: CardConfig & { tokenizeUrl: string }, card: CardValues) => Promise<CardToken>

/**
 * Each provider's browser call, by its name. Asaas: its tokenize request and answer shapes
 * (creditCard → creditCardToken, creditCardNumber, creditCardBrand).
 */
const TOKENIZERS: Record<string, Tokenizer> = {
  async asaas(config, card) {
    const expiry = parseExpiry(card.expiry)!
    const res = await fetch(config.tokenizeUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // Straight to the provider from the browser, never with our session's cookie or token.
      credentials: 'omit',
      body: JSON.stringify({
        publicKey: config.publicKey ?? undefined,
        creditCard: { holderName: card.name.trim(), number: card.number.replace(/\D/g, ''), expiryMonth: String(expiry.month).padStart(2, '0'), expiryYear: String(expiry.year), ccv: card.cvv },
      }),
    })
    if (!res.ok) throw new TokenizeError(`tokenizer answered ${res.status}`)
    const data = await res.json() as { creditCardToken?: string; creditCardNumber?: string; creditCardBrand?: string }
    if (!data.creditCardToken) throw new TokenizeError('no token in the answer')
    return { token: data.creditCardToken, last4: String(data.creditCardNumber ?? '').replace(/\D/g, '').slice(-4), brand: data.creditCardBrand ?? '' }
  },
}

/** Whether this browser can tokenize for the configured provider (a URL and a known call). */
export const cardsOffered = (config: CardConfig | null): config is CardConfig & { tokenizeUrl: string; provider: string } =>
  Boolean(config?.tokenizeUrl && config.provider && TOKENIZERS[config.provider])

export function tokenizeCard(config: CardConfig & { tokenizeUrl: string; provider: string }, card: CardValues): Promise<CardToken> {
  return TOKENIZERS[config.provider](config, card)
}
