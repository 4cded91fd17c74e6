import t from 'tap'
import { fileURLToPath } from 'node:url'
import { checkPluginConformance, expectConformant } from '@zapdesk/plugin-api/testing'

const PLUGIN = fileURLToPath(new URL('..', import.meta.url))

// Migrations up/down/up, the cross-tenant check against a real chat of company B (tenantFixtures), hostile input
// from every route's schemas, foreign tables and the web module's translations.
t.test('the chats plugin passes the conformance kit', async (t) => {
  const report = await checkPluginConformance(t, { plugin: PLUGIN })
  expectConformant(t, report, { name: 'chats', routes: 8 })
})
