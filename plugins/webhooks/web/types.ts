/** An endpoint as GET /webhooks answers it (its secret never leaves the server: hasSecret). */
export interface Webhook {
  id: number
  name: string
  url: string
  hasSecret: boolean
  events: string[]
  enabled: boolean
  createdAt: string | null
  updatedAt: string | null
}

export type DeliveryStatus = 'pending' | 'sending' | 'delivered' | 'failed'

export interface Delivery {
  id: number
  endpointId: number
  uuid: string
  event: string
  status: DeliveryStatus
  attempts: number
  httpStatus: number | null
  durationMs: number | null
  error: string | null
  nextAt: string | null
  deliveredAt: string | null
  createdAt: string | null
}

export interface EventGroup {
  domain: string
  events: string[]
}

export type WebhookEvent = { action: 'update'; webhook: Webhook } | { action: 'delete'; id: number }
