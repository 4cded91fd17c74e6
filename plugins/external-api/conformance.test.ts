import t from 'tap'
import { fileURLToPath } from 'node:url'
import { checkPluginConformance, expectConformant } from '@zapdesk/plugin-api/testing'

const PLUGIN = fileURLToPath(new URL('.', import.meta.url))

/**
 * The kit calls the send route as company A's users, whose sessions are no connection token: every call must be
 * refused with a code, never a 5xx, and nothing of company B may show. The route's own tests (server/*.test.ts) prove
 * the token side: a token reaches only its own company's contacts and tickets.
 */
t.test('conformance: cross-tenant (0 successes), hostile input (0 5xx), foreign tables, translations', async (t) => {
  const report = await checkPluginConformance(t, { plugin: PLUGIN })
  expectConformant(t, report, { name: 'external-api', routes: 1, what: 'POST /messages/send' })
})
