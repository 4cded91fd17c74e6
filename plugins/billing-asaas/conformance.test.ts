import t from 'tap'
import { fileURLToPath } from 'node:url'
import { checkPluginConformance } from '@zapdesk/plugin-api/testing'

const PLUGIN = fileURLToPath(new URL('.', import.meta.url))

t.test('conformance: cross-tenant (0 successes), hostile input on the webhook, foreign tables', async (t) => {
  const report = await checkPluginConformance(t, { plugin: PLUGIN })
  t.equal(report.name, 'billing-asaas')
  t.equal(report.routes, 1, 'the webhook')
  t.equal(report.isolationSuccesses, 0)
  t.ok(report.hostileInputs > 0)
  t.equal(report.serverErrors, 0)
  t.same(report.foreignTables, [])
})
