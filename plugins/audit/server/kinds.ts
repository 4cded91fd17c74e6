/**
 * What the audit log records, by area. Shared by the server (the route table, the filters' schema) and the web
 * page (the kind filter): a plain list, no server code.
 */
export const AUDIT_KINDS = [
  'users', 'roles', 'settings', 'modules', 'plans', 'companies', 'connections', 'queues', 'integrations', 'prompts', // zapdesk: not a table (a kind of change the log names, not the plugin's table)
  'webhooks', 'billing', 'helps', 'announcements', // zapdesk: not a table (a kind of change the log names, not the plugin's table)
] as const
export type AuditKind = (typeof AUDIT_KINDS)[number]

export const AUDIT_ACTIONS = ['created', 'updated', 'deleted'] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

/** What a masked value reads as, in the answers and the CSV: the change is recorded, its value is not. */
export const MASKED = '[masked]'
