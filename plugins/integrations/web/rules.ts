import type { FieldErrors } from '@zapdesk/plugin-api/web'
import type { Integration, IntegrationType } from './types.ts'

/** The form's values: numbers as typed text, secrets empty (a stored one is kept unless a new one is typed). */
export interface IntegrationForm {
  type: IntegrationType
  name: string
  projectName: string
  language: string
  jsonContent: string
  urlN8N: string
  secret: string
  typebotSlug: string
  typebotExpires: string
  typebotDelayMessage: string
  typebotKeywordFinish: string
  typebotKeywordRestart: string
  typebotUnknownMessage: string
  typebotRestartMessage: string
}

/** The spec's defaults: type typebot, typebotDelayMessage 1000, typebotExpires 1. */
export function valuesOf(i?: Integration): IntegrationForm {
  return {
    type: i?.type ?? 'typebot', name: i?.name ?? '', projectName: i?.projectName ?? '', language: i?.language ?? '', jsonContent: '',
    urlN8N: i?.urlN8N ?? '', secret: '', typebotSlug: i?.typebotSlug ?? '', typebotExpires: String(i?.typebotExpires ?? 1),
    typebotDelayMessage: String(i?.typebotDelayMessage ?? 1000), typebotKeywordFinish: i?.typebotKeywordFinish ?? '',
    typebotKeywordRestart: i?.typebotKeywordRestart ?? '', typebotUnknownMessage: i?.typebotUnknownMessage ?? '',
    typebotRestartMessage: i?.typebotRestartMessage ?? '',
  }
}

const whole = (s: string, min: number, max: number) => /^\d+$/.test(s.trim()) && Number(s) >= min && Number(s) <= max

/** The spec's per-type rules, said on the field before the server would: the same the server checks. */
export function checkIntegration(v: IntegrationForm, current?: Integration): FieldErrors<IntegrationForm> {
  const e: FieldErrors<IntegrationForm> = {}
  if (v.type === 'dialogflow') {
    if (!v.language) e.language = 'integrations:validation.required'
    if (!v.projectName.trim()) e.projectName = 'integrations:validation.required'
    if (!v.jsonContent.trim() && !current?.hasJsonContent) e.jsonContent = 'integrations:validation.required'
    else if (v.jsonContent.trim() && !isServiceAccount(v.jsonContent)) e.jsonContent = 'integrations:validation.json'
    return e
  }
  if (!v.name.trim()) e.name = 'integrations:validation.required'
  if (!v.urlN8N.trim()) e.urlN8N = 'integrations:validation.required'
  else if (!/^https?:\/\/\S+$/i.test(v.urlN8N.trim())) e.urlN8N = 'integrations:validation.url'
  if (v.type === 'typebot') {
    if (!v.typebotSlug.trim()) e.typebotSlug = 'integrations:validation.required'
    if (!whole(v.typebotExpires, 0, 10080)) e.typebotExpires = 'integrations:validation.expires'
    if (!whole(v.typebotDelayMessage, 0, 60000)) e.typebotDelayMessage = 'integrations:validation.delay'
  }
  return e
}

export function isServiceAccount(text: string): boolean {
  try {
    const json = JSON.parse(text) as Record<string, unknown>
    return typeof json.client_email === 'string' && typeof json.private_key === 'string'
  } catch {
    return false
  }
}

/** The body of POST/PUT /queueIntegration: only the type's fields; for n8n, webhook and typebot projectName is the name. */
export function payloadOf(v: IntegrationForm) {
  const common = { type: v.type }
  if (v.type === 'dialogflow') {
    return { ...common, name: v.projectName.trim(), projectName: v.projectName.trim(), language: v.language, ...(v.jsonContent.trim() ? { jsonContent: v.jsonContent.trim() } : {}) }
  }
  const base = { ...common, name: v.name.trim(), projectName: v.name.trim(), urlN8N: v.urlN8N.trim(), ...(v.secret.trim() ? { secret: v.secret.trim() } : {}) }
  if (v.type !== 'typebot') return base
  return {
    ...base, typebotSlug: v.typebotSlug.trim(), typebotExpires: Number(v.typebotExpires), typebotDelayMessage: Number(v.typebotDelayMessage),
    typebotKeywordFinish: v.typebotKeywordFinish.trim() || null, typebotKeywordRestart: v.typebotKeywordRestart.trim() || null,
    typebotUnknownMessage: v.typebotUnknownMessage.trim() || null, typebotRestartMessage: v.typebotRestartMessage.trim() || null,
  }
}
