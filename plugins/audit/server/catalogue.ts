import type { AuditAction, AuditKind } from './kinds.ts'

/** How to read a resource whose own GET is a list (settings, modules): the list's route and the item to pick. */
export interface ListRead {
  url: string
  pick: (list: unknown, params: Record<string, string>) => unknown
}

export interface AuditRule {
  kind: AuditKind
  /** Matches the route's pattern without the /api prefix (/users/:id). */
  match: RegExp
  /** A write that changes nothing kept (a test delivery, a session test): never recorded. */
  skip?: true
  /** The GET pattern that reads this write's resource when it is not the route's own URL or a parent of it. */
  readAs?: string
  /** A GET that answers a list the resource is picked from. */
  list?: ListRead
  action?: AuditAction
  /** Fields that hold a secret for this resource though their name says nothing (the `asaas` setting's value). */
  secretFields?: (resource: Record<string, unknown>) => string[]
}

const byKey = (field: string, param: string) => (list: unknown, params: Record<string, string>) =>
  Array.isArray(list) ? list.find((item) => item && (item as Record<string, unknown>)[field] === params[param]) : undefined

/**
 * The one table from a write route to what it changes. First match wins; a write route matching no rule is not
 * an admin change this log covers (tickets, contacts and the rest of the daily work). A plugin added later under
 * one of these prefixes (roles) is covered as it lands; its reads are found by the route table (observe.ts).
 */
export const AUDIT_RULES: AuditRule[] = [
  { kind: 'webhooks', match: /^\/webhooks\/:id\/(test|deliveries\/)/, skip: true },
  { kind: 'integrations', match: /^\/queueIntegration\/testSession$/, skip: true },
  { kind: 'connections', match: /^\/sandbox\//, skip: true },
  { kind: 'users', match: /^\/users(\/|$)/ },
  { kind: 'roles', match: /^\/roles(\/|$)/ },
  {
    kind: 'settings', match: /^\/settings\/:key$/, action: 'updated', list: { url: '/settings', pick: byKey('key', 'key') },
    secretFields: (s) => (s.key === 'asaas' ? ['value'] : []),
  },
  { kind: 'modules', match: /^\/modules\/:feature$/, action: 'updated', list: { url: '/modules', pick: byKey('feature', 'feature') } },
  { kind: 'plans', match: /^\/plans(\/|$)/ },
  { kind: 'companies', match: /^\/companies(\/|$)/ },
  { kind: 'connections', match: /^\/whatsappsession\/:id$/, readAs: '/whatsapp/:id', action: 'updated' },
  { kind: 'connections', match: /^\/whatsapp(\/|$)/ },
  { kind: 'queues', match: /^\/(queue|queue-options)(\/|$)/ }, // zapdesk: not a table (a kind of change the log names, not the plugin's table)
  { kind: 'integrations', match: /^\/queueIntegration(\/|$)/ },
  { kind: 'prompts', match: /^\/prompt(\/|$)/ }, // zapdesk: not a table (a kind of change the log names, not the plugin's table)
  { kind: 'webhooks', match: /^\/webhooks(\/|$)/ },
  // A plan change and the card subscription's start and end change the company's subscription: not new rows.
  { kind: 'billing', match: /^\/(upgradeSubscription|cardsubscription|cardunsubscription)$/, action: 'updated' },
  { kind: 'billing', match: /^\/(invoices|chargeinfo|subscription|billing)(\/|$)/ },
  { kind: 'helps', match: /^\/helps(\/|$)/ },
  { kind: 'announcements', match: /^\/announcements(\/|$)/ }, // zapdesk: not a table (a kind of change the log names, not the plugin's table)
]

export function ruleFor(pattern: string): AuditRule | undefined {
  return AUDIT_RULES.find((r) => r.match.test(pattern))
}
