import { definePlugin } from '@zapdesk/plugin-api'
import routes from './server/routes.ts'
import { observeWrites } from './server/observe.ts'
import { sampleEntry } from './server/testing.ts'
import './server/types.ts'

/**
 * Audit log: every change an admin or super user makes to users, roles, settings, modules, plans, companies,
 * connections, queues, integrations, prompts, webhooks and billing, with who, when, from which address and what
 * changed (secrets masked). Observed through the public API (server/observe.ts), never other plugins' tables.
 * No plan flag: an admin's record of admins is not a module a company switches off.
 */
export default definePlugin({
  name: 'audit',
  version: '1.0.0',
  description: 'Audit log of admins\' and super users\' changes: who, when, from where, before and after (secrets masked)',
  tables: ['audit_entries'],
  provides: ['audit'],
  errorCodes: ['ERR_AUDIT_BAD_DATE', 'ERR_AUDIT_BAD_RANGE', 'ERR_AUDIT_NO_USER'],
  migrations: new URL('./migrations/', import.meta.url),
  routes,
  setup(app) {
    app.decorate('audit', observeWrites(app))
  },
  tenantFixtures: sampleEntry,
})
