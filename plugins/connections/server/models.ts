import { TenantModel } from '@zapdesk/plugin-api'
import type { DisconnectCause, SessionStatus } from './driver.ts'

/** A connection (the spec's "whatsapp"): one paired phone or sandbox of a company. */
export class Whatsapp extends TenantModel {
  static tableName = 'whatsapps'
  static booleanColumns = ['isDefault']
  static dateColumns = ['createdAt', 'updatedAt', 'nextRetryAt']

  name!: string
  provider!: string
  status!: SessionStatus
  qrcode!: string | null
  retries!: number
  number!: string | null
  disconnectCause!: DisconnectCause | null
  nextRetryAt!: string | null
  isDefault!: boolean
  greetingMessage!: string | null
  complationMessage!: string | null
  outOfHoursMessage!: string | null
  ratingMessage!: string | null
  /** SHA-256 (hex) of the messages-API token; the token itself is never stored (api-token.ts). */
  apiTokenHash!: string | null
  expiresTicket!: number
  expiresInactiveMessage!: string | null
  timeUseBotQueues!: number
  maxUseBotQueues!: number
  transferQueueId!: number | null
  promptId!: number | null
  integrationId!: number | null
  timeToTransfer!: number | null
}

/** The queues a connection offers in its greeting menu (ids only: the queues plugin owns queues). */
export class WhatsappQueue extends TenantModel {
  static tableName = 'whatsappQueues'
  static timestamps = false

  whatsappId!: number
  queueId!: number
}

/** One piece of a connection's channel auth state: the creds, or one Signal key. */
export class WhatsappAuthKey extends TenantModel {
  static tableName = 'whatsappAuthKeys'
  static timestamps = false

  whatsappId!: number
  type!: string
  keyId!: string
  value!: string
}

/** What the sandbox driver "sent", with its simulated ack. */
export class SandboxOutbox extends TenantModel {
  static tableName = 'sandboxOutbox'

  whatsappId!: number
  externalId!: string
  toJid!: string
  body!: string | null
  mediaType!: string | null
  mimetype!: string | null
  fileName!: string | null
  mediaSize!: number | null
  quotedId!: string | null
  latitude!: number | null
  longitude!: number | null
  ack!: number
}

/** The user <-> connection link (user-link.ts): one row per user who has a connection of their own. */
export const USER_WHATSAPPS = 'userWhatsapps'
