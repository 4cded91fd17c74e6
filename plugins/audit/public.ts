/**
 * What other plugins may use from the audit plugin (declare `dependencies: ['audit']`, import
 * `@zapdesk/audit/public`). Its table is internal; entries are read through GET /api/audit.
 *
 *   await app.audit.idle()        // every change under way is written (tests that read the log)
 */
import './server/types.ts'

export type { EntryJson } from './server/serialize.ts'
export { AUDIT_KINDS, AUDIT_ACTIONS, MASKED, type AuditKind, type AuditAction } from './server/kinds.ts'
