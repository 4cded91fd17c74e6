import { randomBytes } from 'node:crypto'
import { isIP } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { AppError, isPrivateAddress, sealSecret } from '@zapdesk/plugin-api'
import type { QueueIntegration } from './models.ts'
import type { CreateInput } from './serialize.ts'
import { allowsPrivate } from './options.ts'

type Field = { field: string; message: string }
const invalid = (errors: Field[]) => new AppError('ERR_VALIDATION', 400, errors)

/** Dialogflow's service-account JSON must at least name the account and carry its key (checked when saved). */
export function parseServiceAccount(text: string): { client_email: string; private_key: string; token_uri?: string; project_id?: string } | null {
  try {
    const json = JSON.parse(text) as Record<string, unknown>
    if (typeof json.client_email !== 'string' || typeof json.private_key !== 'string') return null
    if (!json.private_key.includes('PRIVATE KEY')) return null
    return json as { client_email: string; private_key: string; token_uri?: string; project_id?: string }
  } catch {
    return null
  }
}

/** Without private targets allowed, an address that can only be internal is refused when saved (and again when called). */
function assertReachable(app: FastifyInstance, url: string): void {
  if (allowsPrivate(app, url)) return
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase()
  if (host === 'localhost' || host.endsWith('.localhost') || (isIP(host) && isPrivateAddress(host))) {
    throw new AppError('ERR_INTEGRATION_URL_NOT_ALLOWED', 400, [{ field: 'body/urlN8N', message: 'a private or loopback address' }])
  }
}

const clean = (v: string | null | undefined) => (typeof v === 'string' ? v.trim() || null : v)

/**
 * The columns to write for a create (current null) or an update, with the spec's per-type rules: a name and an
 * address for n8n, webhook and typebot (whose projectName is then the name), a slug for typebot, a language (and the
 * project and its credentials) for Dialogflow. Secrets are sealed; '' or absent keeps a stored one, null removes it.
 */
export function checkedValues(app: FastifyInstance, input: CreateInput, current: QueueIntegration | null): Record<string, unknown> {
  const merged = {
    type: input.type ?? current?.type ?? 'typebot',
    name: input.name !== undefined ? clean(input.name) : current?.name ?? null,
    projectName: input.projectName !== undefined ? clean(input.projectName) : current?.projectName ?? null,
    language: input.language !== undefined ? input.language || null : current?.language ?? null,
    urlN8n: input.urlN8N !== undefined ? clean(input.urlN8N) : current?.urlN8n ?? null,
    typebotSlug: input.typebotSlug !== undefined ? clean(input.typebotSlug) : current?.typebotSlug ?? null,
  }
  const jsonText = clean(input.jsonContent)
  const hasJson = jsonText ? true : input.jsonContent === null ? false : Boolean(current?.jsonContent)
  const errors: Field[] = []
  const need = (ok: unknown, field: string, message: string) => { if (!ok) errors.push({ field: `body/${field}`, message }) }
  if (merged.type === 'dialogflow') {
    need(merged.language, 'language', 'required for dialogflow')
    need(merged.projectName, 'projectName', 'required for dialogflow')
    need(hasJson, 'jsonContent', 'required for dialogflow')
    if (jsonText) need(parseServiceAccount(jsonText), 'jsonContent', 'not a service-account JSON (client_email, private_key)')
    merged.name ??= merged.projectName
  } else {
    need(merged.name, 'name', 'required')
    need(merged.urlN8n, 'urlN8N', 'required')
    if (merged.urlN8n) need(/^https?:\/\/\S+$/i.test(merged.urlN8n) && URL.canParse(merged.urlN8n), 'urlN8N', 'not an http(s) address')
    if (merged.type === 'typebot') need(merged.typebotSlug, 'typebotSlug', 'required for typebot')
    merged.projectName = merged.name
  }
  if (errors.length) throw invalid(errors)
  if (merged.urlN8n) assertReachable(app, merged.urlN8n)

  const out: Record<string, unknown> = { ...merged }
  for (const key of ['typebotExpires', 'typebotDelayMessage'] as const) if (input[key] !== undefined) out[key] = input[key]
  for (const key of ['typebotKeywordFinish', 'typebotKeywordRestart', 'typebotUnknownMessage', 'typebotRestartMessage'] as const) {
    if (input[key] !== undefined) out[key] = clean(input[key])
  }
  if (jsonText) out.jsonContent = sealSecret(app.config, jsonText)
  else if (input.jsonContent === null) out.jsonContent = null
  const secret = clean(input.secret)
  if (secret) out.signingSecret = sealSecret(app.config, secret)
  else if (input.secret === null) out.signingSecret = null
  // Every n8n or webhook delivery is signed: a new one without a secret gets a random one (set your own to verify).
  const posts = merged.type === 'n8n' || merged.type === 'webhook'
  if (posts && out.signingSecret === undefined && !current?.signingSecret) out.signingSecret = sealSecret(app.config, randomBytes(24).toString('base64url'))
  if (posts && out.signingSecret === null) out.signingSecret = sealSecret(app.config, randomBytes(24).toString('base64url'))
  return out
}
