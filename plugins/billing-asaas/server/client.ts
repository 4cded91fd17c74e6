import type { FastifyInstance } from 'fastify'
import { AppError } from '@zapdesk/plugin-api'
import { asaasToken, asaasUrl } from './settings.ts'

const TIMEOUT_MS = 15_000

/**
 * One call to the Asaas REST API (v3). The address is the operator's (ASAAS_URL), never a company's, so it goes
 * through fetch rather than the outbound guard for company-chosen addresses (which has no DELETE). Failures become
 * 502 ERR_BILLING_PROVIDER_FAILED with Asaas's own error text for the logs, never its answer to the browser.
 */
export async function asaas<T>(app: FastifyInstance, method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const token = await asaasToken(app)
  if (!token) throw new AppError('ERR_BILLING_NO_PROVIDER', 409)
  let res: Response
  try {
    res = await fetch(`${asaasUrl()}${path}`, {
      method,
      headers: { access_token: token, 'content-type': 'application/json', 'user-agent': 'zapdesk' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    })
  } catch (err) {
    app.log.warn({ err, path }, 'asaas: request failed')
    throw new AppError('ERR_BILLING_PROVIDER_FAILED', 502)
  }
  const text = await res.text()
  if (!res.ok) {
    app.log.warn({ status: res.status, path, answer: text.slice(0, 500) }, 'asaas: refused')
    throw new AppError('ERR_BILLING_PROVIDER_FAILED', 502)
  }
  try {
    return JSON.parse(text) as T
  } catch {
    app.log.warn({ path, answer: text.slice(0, 200) }, 'asaas: not JSON')
    throw new AppError('ERR_BILLING_PROVIDER_FAILED', 502)
  }
}
