import type { FastifyInstance } from 'fastify'
import { Type, toIso } from '@zapdesk/plugin-api'
import { SESSION_STATUSES } from './driver.ts'
import { Whatsapp, WhatsappQueue } from './models.ts'

/** What the API answers for a connection (the spec's whatsapp fields), and the request bodies. */

const Text = Type.String({ maxLength: 5000 })
const NullableText = Type.Union([Text, Type.Null()])
const QueueRef = Type.Object({ id: Type.Integer(), name: Type.Optional(Type.String()), color: Type.Optional(Type.String()) })

export const WhatsappDto = Type.Object({
  id: Type.Integer(),
  companyId: Type.Integer(),
  name: Type.String(),
  status: Type.Union(SESSION_STATUSES.map((s) => Type.Literal(s))),
  qrcode: Type.String(),
  retries: Type.Integer(),
  number: Type.Union([Type.String(), Type.Null()]),
  /** Why the session is down (network, loggedOut, replaced, banned, qrExpired, serverError, unknown), null when up. */
  disconnectCause: Type.Union([Type.String(), Type.Null()]),
  /** When the next automatic attempt starts, while one is planned. */
  nextRetryAt: Type.Union([Type.String(), Type.Null()]),
  provider: Type.String(),
  isDefault: Type.Boolean(),
  default: Type.Boolean(),
  greetingMessage: Type.String(),
  complationMessage: Type.String(),
  outOfHoursMessage: Type.String(),
  ratingMessage: Type.String(),
  /** Whether the connection has a messages-API token; the token itself is shown once, when generated. */
  hasToken: Type.Boolean(),
  expiresTicket: Type.Integer(),
  expiresInactiveMessage: Type.String(),
  timeUseBotQueues: Type.Integer(),
  maxUseBotQueues: Type.Integer(),
  transferQueueId: Type.Union([Type.Integer(), Type.Null()]),
  promptId: Type.Union([Type.Integer(), Type.Null()]),
  integrationId: Type.Union([Type.Integer(), Type.Null()]),
  timeToTransfer: Type.Union([Type.Integer(), Type.Null()]),
  queueIds: Type.Array(Type.Integer()),
  queues: Type.Array(QueueRef),
  createdAt: Type.Union([Type.String(), Type.Null()]),
  updatedAt: Type.Union([Type.String(), Type.Null()]),
})

const NullableId = Type.Union([Type.Integer({ minimum: 1, maximum: 2147483647 }), Type.Null()])
const Minutes = Type.Integer({ minimum: 0, maximum: 1_000_000 })

export const WhatsappFields = {
  // At least two visible characters: a name of spaces is as good as none.
  name: Type.String({ minLength: 2, maxLength: 50, pattern: '\\S[\\s\\S]*\\S' }),
  provider: Type.String({ pattern: '^[a-z][a-z0-9-]{1,29}$' }),
  isDefault: Type.Boolean(),
  greetingMessage: NullableText,
  complationMessage: NullableText,
  outOfHoursMessage: NullableText,
  ratingMessage: NullableText,
  expiresTicket: Minutes,
  expiresInactiveMessage: NullableText,
  timeUseBotQueues: Minutes,
  maxUseBotQueues: Type.Integer({ minimum: 0, maximum: 100 }),
  transferQueueId: NullableId,
  promptId: NullableId,
  integrationId: NullableId,
  timeToTransfer: Type.Union([Minutes, Type.Null()]),
  queueIds: Type.Array(Type.Integer({ minimum: 1, maximum: 2147483647 }), { maxItems: 200 }),
}

const { name, ...optional } = WhatsappFields
export const CreateBody = Type.Composite([Type.Object({ name }), Type.Partial(Type.Object(optional))])
export const UpdateBody = Type.Partial(Type.Object(WhatsappFields))

/** Describes queue ids (name, colour) once the queues plugin says how; until then only ids. */
export type QueueDescriber = (companyId: number, ids: number[]) => Promise<Map<number, { name: string; color: string }>>

export function whatsappDto(w: Whatsapp, queueIds: number[], described?: Map<number, { name: string; color: string }>) {
  return {
    id: w.id, companyId: w.companyId, name: w.name, status: w.status, qrcode: w.qrcode ?? '', retries: w.retries, number: w.number,
    disconnectCause: w.disconnectCause ?? null, nextRetryAt: toIso(w.nextRetryAt) ?? null,
    provider: w.provider, isDefault: w.isDefault, default: w.isDefault,
    greetingMessage: w.greetingMessage ?? '', complationMessage: w.complationMessage ?? '', outOfHoursMessage: w.outOfHoursMessage ?? '',
    ratingMessage: w.ratingMessage ?? '', hasToken: Boolean(w.apiTokenHash), expiresTicket: w.expiresTicket,
    expiresInactiveMessage: w.expiresInactiveMessage ?? '', timeUseBotQueues: w.timeUseBotQueues, maxUseBotQueues: w.maxUseBotQueues,
    transferQueueId: w.transferQueueId, promptId: w.promptId, integrationId: w.integrationId ?? null, timeToTransfer: w.timeToTransfer,
    queueIds, queues: queueIds.map((id) => ({ id, ...described?.get(id) })),
    createdAt: toIso(w.createdAt), updatedAt: toIso(w.updatedAt),
  }
}

/** DTOs of many connections with their queues in one query. */
export async function whatsappsDto(app: FastifyInstance, rows: Whatsapp[]) {
  if (!rows.length) return []
  const links = await app.bind(WhatsappQueue).query().forCompany(rows[0].companyId).whereIn('whatsappId', rows.map((r) => r.id)).orderBy('id')
  const byWhatsapp = new Map<number, number[]>()
  for (const l of links) byWhatsapp.set(l.whatsappId, [...(byWhatsapp.get(l.whatsappId) ?? []), l.queueId])
  const describe = app.channels.queueHooks.describe
  const described = describe ? await describe(rows[0].companyId, [...new Set(links.map((l) => l.queueId))]) : undefined
  // With the queues plugin, ids it does not know (a queue deleted since) are no longer offered.
  const known = (ids: number[]) => (described ? ids.filter((id) => described.has(id)) : ids)
  return rows.map((w) => whatsappDto(w, known(byWhatsapp.get(w.id) ?? []), described))
}
