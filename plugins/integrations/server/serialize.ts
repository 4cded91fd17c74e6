import { Type, toIso, type Static } from '@zapdesk/plugin-api'
import { LANGUAGES, TYPES, type IntegrationDelivery, type QueueIntegration } from './models.ts'

/** The spec's defaults (section 9): a new integration is a typebot, 1000 ms between its messages, 1 minute sessions. */
export const DEFAULTS = { type: 'typebot', typebotDelayMessage: 1000, typebotExpires: 1 } as const

const NullableString = Type.Unsafe<string | null>({ type: ['string', 'null'] })

export const IntegrationDto = Type.Object({
  id: Type.Integer(),
  companyId: Type.Integer(),
  name: Type.String(),
  type: Type.Union(TYPES.map((v) => Type.Literal(v))),
  projectName: NullableString,
  language: NullableString,
  /** Whether Dialogflow credentials / a signing secret are stored: they never leave the server. */
  hasJsonContent: Type.Boolean(),
  hasSecret: Type.Boolean(),
  urlN8N: NullableString,
  typebotSlug: NullableString,
  typebotExpires: Type.Integer(),
  typebotDelayMessage: Type.Integer(),
  typebotKeywordFinish: NullableString,
  typebotKeywordRestart: NullableString,
  typebotUnknownMessage: NullableString,
  typebotRestartMessage: NullableString,
  createdAt: NullableString,
  updatedAt: NullableString,
})
export type IntegrationJson = Static<typeof IntegrationDto>

// One schema with both types: with type coercion on, a union would turn null into '' or '' into null.
const Text = (maxLength: number) => Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength })

/**
 * The form's values. What each type needs (a name and an address for n8n, webhook and typebot, a slug for typebot,
 * a language for Dialogflow) is checked by the service with field errors, so every field is optional here.
 */
export const CreateBody = Type.Object({
  type: Type.Optional(Type.Union(TYPES.map((v) => Type.Literal(v)))),
  name: Type.Optional(Text(100)),
  projectName: Type.Optional(Text(100)),
  language: Type.Optional(Type.Union([Type.Null(), Type.Literal(''), ...LANGUAGES.map((v) => Type.Literal(v))])),
  /** A new JSON replaces the stored one, '' or absent keeps it, null removes it. */
  jsonContent: Type.Optional(Text(20_000)),
  urlN8N: Type.Optional(Text(500)),
  /** The webhook signing secret: same rule as jsonContent; a new n8n or webhook integration without one gets a random one. */
  secret: Type.Optional(Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength: 200, pattern: '^[\\x21-\\x7e]*$' })),
  typebotSlug: Type.Optional(Text(200)),
  typebotExpires: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_080 })),
  typebotDelayMessage: Type.Optional(Type.Integer({ minimum: 0, maximum: 60_000 })),
  typebotKeywordFinish: Type.Optional(Text(100)),
  typebotKeywordRestart: Type.Optional(Text(100)),
  typebotUnknownMessage: Type.Optional(Text(2000)),
  typebotRestartMessage: Type.Optional(Text(2000)),
})
export const UpdateBody = CreateBody
export type CreateInput = Static<typeof CreateBody>

export const TestSessionBody = Type.Object({
  projectName: Type.String({ minLength: 1, maxLength: 100 }),
  jsonContent: Type.String({ minLength: 1, maxLength: 20_000 }),
  language: Type.Union(LANGUAGES.map((v) => Type.Literal(v))),
})

export const integrationDto = (i: QueueIntegration): IntegrationJson => ({
  id: i.id, companyId: i.companyId, name: i.name, type: i.type, projectName: i.projectName ?? null, language: i.language ?? null,
  hasJsonContent: Boolean(i.jsonContent), hasSecret: Boolean(i.signingSecret), urlN8N: i.urlN8n ?? null,
  typebotSlug: i.typebotSlug ?? null, typebotExpires: i.typebotExpires, typebotDelayMessage: i.typebotDelayMessage,
  typebotKeywordFinish: i.typebotKeywordFinish ?? null, typebotKeywordRestart: i.typebotKeywordRestart ?? null,
  typebotUnknownMessage: i.typebotUnknownMessage ?? null, typebotRestartMessage: i.typebotRestartMessage ?? null,
  createdAt: toIso(i.createdAt), updatedAt: toIso(i.updatedAt),
})

export const DeliveryDto = Type.Object({
  id: Type.Integer(),
  ticketId: Type.Integer(),
  messageId: Type.Integer(),
  status: Type.String(),
  attempts: Type.Integer(),
  httpStatus: Type.Union([Type.Integer(), Type.Null()]),
  durationMs: Type.Union([Type.Integer(), Type.Null()]),
  error: NullableString,
  createdAt: NullableString,
  updatedAt: NullableString,
})

export const deliveryDto = (d: IntegrationDelivery): Static<typeof DeliveryDto> => ({
  id: d.id, ticketId: d.ticketId, messageId: d.messageId, status: d.status, attempts: d.attempts,
  httpStatus: d.httpStatus ?? null, durationMs: d.durationMs ?? null, error: d.error ?? null,
  createdAt: toIso(d.createdAt), updatedAt: toIso(d.updatedAt),
})
