import t from 'tap'
import { fileURLToPath } from 'node:url'
import { checkPluginConformance } from '@zapdesk/plugin-api/testing'

const PLUGIN = fileURLToPath(new URL('.', import.meta.url))

t.test('conformance: migrations up/down/up, cross-tenant (0 successes), hostile input, foreign tables, translations', async (t) => {
  const report = await checkPluginConformance(t, { plugin: PLUGIN })
  t.equal(report.name, 'audit')
  t.equal(report.routes, 3, 'list, actors, export')
  t.ok(report.isolationAttempts > 0, `${report.isolationAttempts} cross-tenant attempts`)
  t.equal(report.isolationSuccesses, 0)
  t.ok(report.hostileInputs > 0)
  t.equal(report.serverErrors, 0)
  t.same(report.missingTranslations, [])
  t.same(report.foreignTables, [])
})
