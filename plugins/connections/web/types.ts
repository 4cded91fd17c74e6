/** What the connection screens read from the API (see plugins/connections/server/serialize.ts). */
export type SessionStatus = 'qrcode' | 'PAIRING' | 'OPENING' | 'CONNECTED' | 'TIMEOUT' | 'DISCONNECTED'

export interface QueueRef {
  id: number
  name?: string
  color?: string
}

export interface Connection {
  id: number
  companyId: number
  name: string
  status: SessionStatus
  qrcode: string
  retries: number
  number: string | null
  /** Why the session is down, and when it tries again (null when connected or none planned). */
  disconnectCause?: string | null
  nextRetryAt?: string | null
  provider: string
  isDefault: boolean
  greetingMessage: string
  complationMessage: string
  outOfHoursMessage: string
  ratingMessage: string
  /** Whether a messages-API token is set (the token itself is shown once, when generated). */
  hasToken: boolean
  expiresTicket: number
  expiresInactiveMessage: string
  timeUseBotQueues: number
  maxUseBotQueues: number
  transferQueueId: number | null
  promptId: number | null
  integrationId?: number | null
  timeToTransfer: number | null
  queueIds: number[]
  queues: QueueRef[]
  createdAt: string | null
  updatedAt: string | null
}

/** Realtime `whatsapp` and `whatsappSession` payloads. */
export type ConnectionEvent = { action: 'update'; whatsapp: Connection } | { action: 'delete'; whatsappId: number }
export interface SessionEvent {
  action: 'update'
  session: Connection
}

export interface Provider {
  provider: string
  label: string
}

export interface Option {
  id: number
  name: string
  color?: string
}

/** GET /sandbox/:id/outbox rows: what the platform sent through a sandbox. */
export interface OutboxItem {
  id: number
  externalId: string
  to: string
  body: string | null
  mediaType: string | null
  mimetype: string | null
  fileName: string | null
  mediaSize: number | null
  quotedId: string | null
  latitude: number | null
  longitude: number | null
  ack: number
  createdAt: string | null
  updatedAt: string | null
}

export const SANDBOX_PROVIDER = 'sandbox'
export const DEFAULT_PROVIDER = 'beta'
