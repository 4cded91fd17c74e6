/** `@zapdesk/tickets/testing`: sample tickets and activity for other plugins' tests and cross-tenant fixtures. */
export { sampleTicket, type SampleTicket } from './sample-ticket.ts'
export { sampleActivity, type SampleCycle } from './sample-activity.ts'
