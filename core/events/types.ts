/** The kernel's domain events: its part of the catalogue (plugins add theirs with their manifests' `events`). */
export const KERNEL_EVENTS = [
  'company.created', 'company.updated', 'company.statusChanged', 'company.deleted', 'user.created', 'user.updated', 'user.deleted', 'user.loggedIn', 'user.sessionsEnded',
  'settings.updated', 'modules.updated', 'plan.updated',
] as const

/**
 * Domain events and their payloads: one typed catalogue. Plugins add theirs by declaration merging in their public
 * surface and list the names in their manifest's `events`:
 *   declare module '@zapdesk/plugin-api' { interface DomainEvents { 'ticket.created': {...} } }
 */
export interface DomainEvents {
  'company.created': { companyId: number }
  'company.updated': { companyId: number }
  /** Deactivated (no sign-in, no API, no WhatsApp sessions) or active again. */
  'company.statusChanged': { companyId: number; active: boolean }
  'company.deleted': { companyId: number }
  'user.created': { companyId: number; userId: number }
  'user.updated': { companyId: number; userId: number }
  'user.deleted': { companyId: number; userId: number }
  'user.loggedIn': { companyId: number; userId: number; sessionId: number }
  /** Sessions ended (sign-out, password change, an admin): their sockets close with `code`. */
  'user.sessionsEnded': { companyId: number; userId: number; sessionIds: number[]; code: string }
  'settings.updated': { companyId: number; key: string; value: string }
  'modules.updated': { companyId: number; feature: string; enabled: boolean }
  'plan.updated': { planId: number }
}
