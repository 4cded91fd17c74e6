import { TenantModel } from '@zapdesk/plugin-api'

export const TYPES = ['dialogflow', 'n8n', 'webhook', 'typebot'] as const
export type IntegrationType = (typeof TYPES)[number]
export const LANGUAGES = ['pt-BR', 'en', 'es'] as const

export class QueueIntegration extends TenantModel {
  static tableName = 'queueIntegrations'

  name!: string
  type!: IntegrationType
  projectName!: string | null
  language!: string | null
  /** Sealed: Dialogflow's service-account JSON. */
  jsonContent!: string | null
  /** The spec's urlN8N (column url_n8n: the snake-case mapper would make urlN8N url_n8_n). */
  urlN8n!: string | null
  /** Sealed: the HMAC key n8n and webhook deliveries are signed with. */
  signingSecret!: string | null
  typebotSlug!: string | null
  typebotExpires!: number
  typebotDelayMessage!: number
  typebotKeywordFinish!: string | null
  typebotKeywordRestart!: string | null
  typebotUnknownMessage!: string | null
  typebotRestartMessage!: string | null
}

export type SessionStatus = 'active' | 'done'

export class IntegrationSession extends TenantModel {
  static tableName = 'integrationSessions'
  static dateColumns = ['createdAt', 'updatedAt', 'lastAt']
  static jsonAttributes = ['choices']

  ticketId!: number
  integrationId!: number
  status!: SessionStatus
  externalId!: string | null
  lastAt!: string | null
  /** The typebot choice input's options last offered, as numbered for the customer (null: none pending). */
  choices!: string[] | null
}

export type DeliveryStatus = 'pending' | 'retrying' | 'delivered' | 'failed'

export class IntegrationDelivery extends TenantModel {
  static tableName = 'integrationDeliveries'

  integrationId!: number
  ticketId!: number
  messageId!: number
  status!: DeliveryStatus
  attempts!: number
  httpStatus!: number | null
  durationMs!: number | null
  error!: string | null
}
