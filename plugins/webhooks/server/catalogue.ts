/**
 * The events an endpoint may subscribe to, grouped by domain for the page's checkboxes. They are the receiver's view
 * of the platform's domain events (app.events.catalogue()): one domain event may become several of these (a ticket
 * update is an acceptance, a transfer or a closing), see outbox/listen.ts.
 */
export const WEBHOOK_EVENTS = {
  message: ['message.received', 'message.sent', 'message.acked'],
  ticket: ['ticket.opened', 'ticket.accepted', 'ticket.transferred', 'ticket.closed'],
  contact: ['contact.created', 'contact.updated'],
  campaign: ['campaign.finished'],
  payment: ['payment.received'],
} as const

/** Domains whose events come from an optional plugin: offered only when that plugin's domain event exists here. */
export const DOMAIN_SOURCES: Partial<Record<keyof typeof WEBHOOK_EVENTS, string>> = {
  campaign: 'campaign.finished',
  payment: 'payment.received',
}

export type WebhookEventName = (typeof WEBHOOK_EVENTS)[keyof typeof WEBHOOK_EVENTS][number]

export const EVENT_NAMES: readonly string[] = Object.values(WEBHOOK_EVENTS).flat()

/** What "send a test event" posts: not subscribable, delivered to the one endpoint asked. */
export const TEST_EVENT = 'webhook.test'
