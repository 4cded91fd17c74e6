import { DEFAULT_PROVIDER, type Connection } from './types.ts'

/**
 * The connection form's values as the inputs hold them (numbers as text, so a field can be empty while typing).
 * Kept free of browser imports: it runs in unit tests.
 */
export type ConnectionForm = Pick<Connection, 'name' | 'provider' | 'isDefault' | 'greetingMessage' | 'complationMessage' | 'outOfHoursMessage' |
  'ratingMessage' | 'queueIds' | 'transferQueueId' | 'expiresInactiveMessage' | 'promptId'> & Record<NumberField, string> & { integrationId: number | null }

export type NumberField = 'timeToTransfer' | 'expiresTicket' | 'timeUseBotQueues' | 'maxUseBotQueues'
export type ConnectionErrors = Partial<Record<'name' | NumberField, string>>

/** Spec defaults: provider beta, maxUseBotQueues 3, expiresTicket 0, timeUseBotQueues 0. */
export const emptyForm = (): ConnectionForm => ({
  name: '', provider: DEFAULT_PROVIDER, isDefault: false, greetingMessage: '', complationMessage: '', outOfHoursMessage: '',
  ratingMessage: '', queueIds: [], transferQueueId: null, timeToTransfer: '', expiresTicket: '0',
  expiresInactiveMessage: '', timeUseBotQueues: '0', maxUseBotQueues: '3', promptId: null, integrationId: null,
})

export const formOf = (c: Connection): ConnectionForm => ({
  name: c.name, provider: c.provider || DEFAULT_PROVIDER, isDefault: c.isDefault, greetingMessage: c.greetingMessage ?? '',
  complationMessage: c.complationMessage ?? '', outOfHoursMessage: c.outOfHoursMessage ?? '', ratingMessage: c.ratingMessage ?? '',
  queueIds: [...(c.queueIds ?? [])], transferQueueId: c.transferQueueId, timeToTransfer: c.timeToTransfer == null ? '' : String(c.timeToTransfer),
  expiresTicket: String(c.expiresTicket ?? 0), expiresInactiveMessage: c.expiresInactiveMessage ?? '', timeUseBotQueues: String(c.timeUseBotQueues ?? 0),
  maxUseBotQueues: String(c.maxUseBotQueues ?? 3), promptId: c.promptId, integrationId: c.integrationId ?? null,
})

/** The server's bounds (plugins/connections/server/serialize.ts). */
const MAX_MINUTES = 1_000_000
const MAX_BOT_USES = 100
const isCount = (v: string, max: number) => /^\d{1,7}$/.test(v) && Number(v) <= max

/** Spec: name 2 to 50 (the users form's messages); the numbers as the server bounds them. Keys of the core namespace. */
export function validateConnection(v: ConnectionForm): ConnectionErrors {
  const errors: ConnectionErrors = {}
  const name = v.name.trim()
  if (!name) errors.name = 'validation.required'
  else if (name.length < 2) errors.name = 'validation.tooShort'
  else if (name.length > 50) errors.name = 'validation.tooLong'
  if (v.timeToTransfer !== '' && !isCount(v.timeToTransfer, MAX_MINUTES)) errors.timeToTransfer = 'connections:validation.minutes'
  for (const key of ['expiresTicket', 'timeUseBotQueues'] as const) if (v[key] !== '' && !isCount(v[key], MAX_MINUTES)) errors[key] = 'connections:validation.minutes'
  if (v.maxUseBotQueues !== '' && !isCount(v.maxUseBotQueues, MAX_BOT_USES)) errors.maxUseBotQueues = 'connections:validation.botUses'
  return errors
}

/** The body of POST/PUT /whatsapp: empty numbers fall back to the spec defaults; no prompt or queue is null. */
export function payloadOf(v: ConnectionForm, options: { withPrompt: boolean; withIntegration?: boolean }) {
  const body = {
    name: v.name.trim(),
    provider: v.provider || DEFAULT_PROVIDER,
    isDefault: v.isDefault,
    greetingMessage: v.greetingMessage,
    complationMessage: v.complationMessage,
    outOfHoursMessage: v.outOfHoursMessage,
    ratingMessage: v.ratingMessage,
    queueIds: [...new Set(v.queueIds)],
    transferQueueId: v.transferQueueId,
    timeToTransfer: v.timeToTransfer === '' ? null : Number(v.timeToTransfer),
    expiresTicket: v.expiresTicket === '' ? 0 : Number(v.expiresTicket),
    expiresInactiveMessage: v.expiresInactiveMessage,
    timeUseBotQueues: v.timeUseBotQueues === '' ? 0 : Number(v.timeUseBotQueues),
    maxUseBotQueues: v.maxUseBotQueues === '' ? 3 : Number(v.maxUseBotQueues),
  }
  // Without a prompts (integrations) module the field is not shown: the connection's prompt (integration) is left as it is.
  return { ...body, ...(options.withPrompt ? { promptId: v.promptId } : {}), ...(options.withIntegration ? { integrationId: v.integrationId } : {}) }
}

/** Only digits go into the number inputs. */
export const digits = (value: string): string => value.replace(/\D/g, '').slice(0, 7)
