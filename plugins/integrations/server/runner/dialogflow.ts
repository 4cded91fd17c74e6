import { sign } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { AppError, OutboundError } from '@zapdesk/plugin-api'
import { integrationCall } from '../options.ts'
import { parseServiceAccount } from '../validate.ts'

type Account = NonNullable<ReturnType<typeof parseServiceAccount>>

/** A Dialogflow call that gave no usable answer (the step hands the ticket back; the test shows the reason). */
export class DialogflowError extends Error {
  name = 'DialogflowError'
}

const b64url = (data: string | Buffer) => Buffer.from(data).toString('base64url')

// Tokens live an hour: one per service account and token address, renewed a minute before they expire.
const tokens = new Map<string, { token: string; expiresAt: number }>()

/** An OAuth access token for the service account: a JWT signed with its key (RS256) traded at the token address. */
async function accessToken(app: FastifyInstance, account: Account): Promise<string> {
  const url = account.token_uri || app.integrationRunner.options.dialogflowTokenUrl
  const key = `${account.client_email}|${url}`
  const cached = tokens.get(key)
  if (cached && cached.expiresAt > Date.now() + 60_000) return cached.token
  const iat = Math.floor(Date.now() / 1000)
  const unsigned = `${b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }))}.${b64url(JSON.stringify({
    iss: account.client_email, scope: 'https://www.googleapis.com/auth/cloud-platform', aud: url, iat, exp: iat + 3600,
  }))}`
  let signature: Buffer
  try {
    signature = sign('RSA-SHA256', Buffer.from(unsigned), account.private_key)
  } catch {
    throw new DialogflowError('the service account\'s private key cannot sign')
  }
  const body = new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: `${unsigned}.${b64url(signature)}` }).toString()
  const res = await integrationCall(app, url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body })
  if (res.status !== 200) throw new DialogflowError(`token refused (${res.status})`)
  const answer = res.json<{ access_token?: string; expires_in?: number }>()
  if (!answer.access_token) throw new DialogflowError('the token answer has no access_token')
  tokens.set(key, { token: answer.access_token, expiresAt: Date.now() + (answer.expires_in ?? 3600) * 1000 })
  return answer.access_token
}

export interface DetectInput {
  projectName: string
  account: Account
  language: string
  /** One Dialogflow session per ticket, so its contexts follow the conversation. */
  sessionId: string
  text: string
}

/** Dialogflow ES detectIntent: the fulfilment text, and whether the agent ended the conversation. */
export async function detectIntent(app: FastifyInstance, input: DetectInput): Promise<{ text: string; end: boolean }> {
  const base = app.integrationRunner.options.dialogflowApiBase
  const url = `${base}/v2/projects/${encodeURIComponent(input.projectName)}/agent/sessions/${encodeURIComponent(input.sessionId)}:detectIntent`
  const token = await accessToken(app, input.account)
  const res = await integrationCall(app, url, {
    method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ queryInput: { text: { text: input.text.slice(0, 256), languageCode: input.language } } }),
  })
  if (res.status !== 200) throw new DialogflowError(`detectIntent answered ${res.status}`)
  const result = res.json<{ queryResult?: { fulfillmentText?: string; diagnosticInfo?: { end_conversation?: boolean }; intent?: { endInteraction?: boolean } } }>().queryResult ?? {}
  return { text: result.fulfillmentText ?? '', end: Boolean(result.diagnosticInfo?.end_conversation || result.intent?.endInteraction) }
}

/** POST /queueIntegration/testSession: the credentials get a token and one detectIntent answer, or a 400 saying why. */
export async function testSession(app: FastifyInstance, body: { projectName: string; jsonContent: string; language: string }): Promise<string> {
  const account = parseServiceAccount(body.jsonContent)
  if (!account) throw new AppError('ERR_VALIDATION', 400, [{ field: 'body/jsonContent', message: 'not a service-account JSON (client_email, private_key)' }])
  try {
    const answer = await detectIntent(app, { projectName: body.projectName.trim(), account, language: body.language, sessionId: `zapdesk-test-${Date.now()}`, text: 'Oi' })
    return answer.text
  } catch (err) {
    if (err instanceof DialogflowError || err instanceof OutboundError) throw new AppError('ERR_INTEGRATION_TEST_FAILED', 400, { reason: err.message })
    throw err
  }
}
