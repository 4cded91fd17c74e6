import type { Webhook } from './types.ts'

/** The dialog's values: text fields as typed, the events as a set of names. */
export interface WebhookValues {
  name: string
  url: string
  secret: string
  events: string[]
  enabled: boolean
}

export const valuesOf = (w?: Webhook): WebhookValues =>
  ({ name: w?.name ?? '', url: w?.url ?? '', secret: '', events: w ? [...w.events] : [], enabled: w?.enabled ?? true })

const MIN_SECRET = 16

/** The same rules as the server, shown on the fields before saving (keys of the module's validation texts). */
export function checkWebhook(v: WebhookValues, current?: Webhook): Partial<Record<keyof WebhookValues, string>> {
  const errors: Partial<Record<keyof WebhookValues, string>> = {}
  if (!v.name.trim()) errors.name = 'webhooks:validation.required'
  const url = v.url.trim()
  if (!url) errors.url = 'webhooks:validation.required'
  else if (!/^https?:\/\/[^\s/]+/i.test(url) || !URL.canParse(url)) errors.url = 'webhooks:validation.url'
  const secret = v.secret.trim()
  if (!secret && !current?.hasSecret) errors.secret = 'webhooks:validation.required'
  else if (secret && secret.length < MIN_SECRET) errors.secret = 'webhooks:validation.secret'
  if (!v.events.length) errors.events = 'webhooks:validation.events'
  return errors
}

/** The request body; an empty secret on an edit keeps the stored one (not sent). */
export function payloadOf(v: WebhookValues): Record<string, unknown> {
  const body: Record<string, unknown> = { name: v.name.trim(), url: v.url.trim(), events: v.events, enabled: v.enabled }
  if (v.secret.trim()) body.secret = v.secret.trim()
  return body
}

/** A random secret for the receiver to keep (shown once, in the field, before saving). */
export function randomSecret(): string {
  const bytes = new Uint8Array(24)
  crypto.getRandomValues(bytes)
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

/** Checks or unchecks one event, or a whole domain's. */
export function toggle(selected: string[], names: string[], on: boolean): string[] {
  const rest = selected.filter((e) => !names.includes(e))
  return on ? [...rest, ...names] : rest
}
