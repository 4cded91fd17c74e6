import type { FastifyInstance } from 'fastify'
import { platformSetting } from '@zapdesk/plugin-api'

/** Asaas's production API; ASAAS_URL points elsewhere (its sandbox, or the tests' local fake). */
export const DEFAULT_URL = 'https://api.asaas.com/v3'

export const asaasUrl = (): string => (process.env.ASAAS_URL || DEFAULT_URL).replace(/\/+$/, '')

/** The API key: the ASAAS_TOKEN environment variable wins over the platform's `asaas` setting (super users). */
export async function asaasToken(app: FastifyInstance): Promise<string> {
  return (process.env.ASAAS_TOKEN || (await platformSetting(app, 'asaas'))).trim()
}

/**
 * The token Asaas sends in `asaas-access-token` with every webhook (the authToken set on the webhook in Asaas):
 * ASAAS_WEBHOOK_TOKEN, else the API key itself. Empty: webhooks are refused.
 */
export async function webhookToken(app: FastifyInstance): Promise<string> {
  return (process.env.ASAAS_WEBHOOK_TOKEN || (await asaasToken(app))).trim()
}

/**
 * The browser's card tokenizer: ASAAS_TOKENIZE_URL (http or https), with ASAAS_PUBLIC_KEY sent along when set. Asaas's
 * own /creditCard/tokenize needs the API key, which must never reach a browser, so this is a public endpoint the
 * operator provides in front of it. Unset (or not a URL): card payments are not offered, Pix still is.
 */
export function asaasTokenizer(): { tokenizeUrl: string; publicKey: string | null } | null {
  const raw = (process.env.ASAAS_TOKENIZE_URL ?? '').trim()
  if (!raw) return null
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  return { tokenizeUrl: url.toString(), publicKey: (process.env.ASAAS_PUBLIC_KEY ?? '').trim() || null }
}
