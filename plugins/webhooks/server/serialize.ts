import { Type, type Static } from '@zapdesk/plugin-api'
import { EVENT_NAMES } from './catalogue.ts'
import type { WebhookDelivery, WebhookEndpoint } from './models.ts'

const EventName = Type.Union(EVENT_NAMES.map((name) => Type.Literal(name)))
const Url = Type.String({ minLength: 1, maxLength: 500 })
const Secret = Type.String({ maxLength: 200 })

export const CreateBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  url: Url,
  secret: Type.String({ minLength: 16, maxLength: 200 }),
  events: Type.Array(EventName, { minItems: 1, maxItems: EVENT_NAMES.length, uniqueItems: true }),
  enabled: Type.Optional(Type.Boolean()),
}, { additionalProperties: false })
export type CreateInput = Static<typeof CreateBody>

/** Every field optional; a secret sent empty (or absent) keeps the stored one. */
export const UpdateBody = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  url: Type.Optional(Url),
  secret: Type.Optional(Secret),
  events: Type.Optional(Type.Array(EventName, { minItems: 1, maxItems: EVENT_NAMES.length, uniqueItems: true })),
  enabled: Type.Optional(Type.Boolean()),
}, { additionalProperties: false })
export type UpdateInput = Static<typeof UpdateBody>

export const EndpointDto = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  url: Type.String(),
  /** The secret itself is never answered. */
  hasSecret: Type.Boolean(),
  events: Type.Array(Type.String()),
  enabled: Type.Boolean(),
  createdAt: Type.Union([Type.String(), Type.Null()]),
  updatedAt: Type.Union([Type.String(), Type.Null()]),
})
export type EndpointJson = Static<typeof EndpointDto>

export const DeliveryDto = Type.Object({
  id: Type.Integer(),
  endpointId: Type.Integer(),
  /** The payload's id: receivers drop duplicates by it. */
  uuid: Type.String(),
  event: Type.String(),
  status: Type.String(),
  attempts: Type.Integer(),
  httpStatus: Type.Union([Type.Integer(), Type.Null()]),
  durationMs: Type.Union([Type.Integer(), Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
  nextAt: Type.Union([Type.String(), Type.Null()]),
  deliveredAt: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.Union([Type.String(), Type.Null()]),
})
export type DeliveryJson = Static<typeof DeliveryDto>

export function parseEvents(raw: string): string[] {
  try {
    const list = JSON.parse(raw) as unknown
    return Array.isArray(list) ? list.filter((e): e is string => typeof e === 'string') : []
  } catch {
    return []
  }
}

export function endpointJson(row: WebhookEndpoint): EndpointJson {
  return {
    id: row.id, name: row.name, url: row.url, hasSecret: Boolean(row.secret), events: parseEvents(row.events),
    enabled: Boolean(row.enabled), createdAt: row.createdAt ?? null, updatedAt: row.updatedAt ?? null,
  }
}

export function deliveryJson(row: WebhookDelivery): DeliveryJson {
  return {
    id: row.id, endpointId: row.endpointId, uuid: row.uuid, event: row.event, status: row.status, attempts: row.attempts,
    httpStatus: row.httpStatus ?? null, durationMs: row.durationMs ?? null, error: row.error ?? null,
    nextAt: row.status === 'pending' ? row.nextAt : null, deliveredAt: row.deliveredAt ?? null, createdAt: row.createdAt ?? null,
  }
}
