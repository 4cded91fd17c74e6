import { TenantModel } from '@zapdesk/plugin-api'

export class WebhookEndpoint extends TenantModel {
  static tableName = 'webhookEndpoints'
  static booleanColumns = ['enabled']

  name!: string
  url!: string
  /** Sealed (sealSecret): the HMAC key deliveries are signed with. Never answered. */
  secret!: string
  /** JSON array of webhook event names (catalogue.ts). */
  events!: string
  enabled!: boolean
}

export type DeliveryStatus = 'pending' | 'sending' | 'delivered' | 'failed'

/** One outbox row: an event for one endpoint, from the moment it happened until delivered or given up. */
export class WebhookDelivery extends TenantModel {
  static tableName = 'webhookDeliveries'
  static dateColumns = ['createdAt', 'updatedAt', 'nextAt', 'claimedAt', 'expiresAt', 'deliveredAt']

  endpointId!: number
  uuid!: string
  event!: string
  orderKey!: string | null
  body!: string
  status!: DeliveryStatus
  attempts!: number
  nextAt!: string
  claimedAt!: string | null
  expiresAt!: string
  deliveredAt!: string | null
  httpStatus!: number | null
  durationMs!: number | null
  error!: string | null
}
