import { Type, toIso, type Static } from '@zapdesk/plugin-api'
import type { Prompt } from './models.ts'
import { VOICES } from './voices.ts'

/** The spec's defaults (section 9) and this platform's for the provider. */
export const DEFAULTS = {
  voice: 'texto', maxTokens: 100, temperature: 1, maxMessages: 10,
  model: 'gpt-4o-mini', baseUrl: 'https://api.openai.com/v1', transcribeAudio: true,
} as const

const NullableString = Type.Unsafe<string | null>({ type: ['string', 'null'] })

export const PromptDto = Type.Object({
  id: Type.Integer(),
  companyId: Type.Integer(),
  name: Type.String(),
  prompt: Type.String(),
  voice: Type.String(),
  voiceRegion: NullableString,
  maxTokens: Type.Integer(),
  temperature: Type.Number(),
  queueId: Type.Integer(),
  maxMessages: Type.Integer(),
  queue: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String(), color: Type.String() }), Type.Null()]),
  model: Type.String(),
  baseUrl: Type.String(),
  transcribeAudio: Type.Boolean(),
  /** Whether a key is stored: the keys themselves never leave the server. */
  hasApiKey: Type.Boolean(),
  hasVoiceKey: Type.Boolean(),
  createdAt: NullableString,
  updatedAt: NullableString,
})
export type PromptJson = Static<typeof PromptDto>

/** A key: a new one replaces the stored one, null removes it, '' or absent keeps it (the form never shows it). */
// One schema with both types: with type coercion on, a union would turn null into '' or '' into null.
const Key = Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength: 500, pattern: '^[\\x21-\\x7e]*$' })

export const CreateBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
  prompt: Type.String({ minLength: 1, maxLength: 20_000, pattern: '\\S' }),
  voice: Type.Optional(Type.Union(VOICES.map((v) => Type.Literal(v)))),
  voiceKey: Type.Optional(Key),
  voiceRegion: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 40, pattern: '^[a-z0-9-]*$' })])),
  maxTokens: Type.Optional(Type.Integer({ minimum: 1, maximum: 16_000 })),
  temperature: Type.Optional(Type.Number({ minimum: 0, maximum: 2 })),
  apiKey: Type.Optional(Key),
  /** Required by the service with the spec's text ('Informe o setor'), so it is optional here. */
  queueId: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
  maxMessages: Type.Optional(Type.Integer({ minimum: 0, maximum: 50 })),
  model: Type.Optional(Type.String({ minLength: 1, maxLength: 100, pattern: '^[\\x21-\\x7e]+$' })),
  baseUrl: Type.Optional(Type.String({ maxLength: 300, pattern: '^https?://[^\\s]+$' })),
  transcribeAudio: Type.Optional(Type.Boolean()),
})
export const UpdateBody = Type.Partial(CreateBody)
export type CreateInput = Static<typeof CreateBody>
export type UpdateInput = Static<typeof UpdateBody>

export const promptDto = (p: Prompt, queue: { name: string; color: string } | undefined): PromptJson => ({
  id: p.id, companyId: p.companyId, name: p.name, prompt: p.prompt, voice: p.voice, voiceRegion: p.voiceRegion ?? null,
  maxTokens: p.maxTokens, temperature: Number(p.temperature), queueId: p.queueId, maxMessages: p.maxMessages,
  queue: queue ? { id: p.queueId, name: queue.name, color: queue.color } : null,
  model: p.model, baseUrl: p.baseUrl, transcribeAudio: Boolean(p.transcribeAudio),
  hasApiKey: Boolean(p.apiKey), hasVoiceKey: Boolean(p.voiceKey),
  createdAt: toIso(p.createdAt), updatedAt: toIso(p.updatedAt),
})
