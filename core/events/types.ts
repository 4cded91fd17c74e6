/**
 * Domain events and their payloads. Plugins add theirs by declaration merging:
 *   declare module '../../core/plugin-api/index.ts' { interface DomainEvents { 'ticket.created': {...} } }
 */
export interface DomainEvents {
  'company.created': { companyId: number }
  'company.updated': { companyId: number }
  'company.deleted': { companyId: number }
  'user.created': { companyId: number; userId: number }
  'user.updated': { companyId: number; userId: number }
  'user.deleted': { companyId: number; userId: number }
  'user.loggedIn': { companyId: number; userId: number; tokenVersion: number }
  'settings.updated': { companyId: number; key: string; value: string }
  'modules.updated': { companyId: number; feature: string; enabled: boolean }
  'plan.updated': { planId: number }
}
