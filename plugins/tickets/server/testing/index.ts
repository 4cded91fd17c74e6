/** `@zapdesk/tickets/testing`: sample tickets and activity for other plugins' tests and cross-tenant fixtures. */
export { sampleTicket, type SampleTicket } from './sample-ticket.ts'
export { sampleActivity, type SampleCycle } from './sample-activity.ts'
/** A company's default sandbox connection and what it sent: what a plugin that sends through tickets checks. */
export { defaultSandbox, sandboxOutbox, type OutboxRow } from '@zapdesk/connections/testing'
