import t from 'tap'
import { fileURLToPath } from 'node:url'
import { checkPluginConformance } from '@zapdesk/plugin-api/testing'

const PLUGIN = fileURLToPath(new URL('.', import.meta.url))

t.test('conformance: loads, migrates up/down/up, isolates companies, survives hostile input, names no foreign table, translated', async (t) => {
  const report = await checkPluginConformance(t, { plugin: PLUGIN })
  t.equal(report.name, 'schedules')
  t.equal(report.routes, 7)
  t.ok(report.isolationAttempts > 0, `${report.isolationAttempts} cross-tenant attempts`)
  t.equal(report.isolationSuccesses, 0)
  t.equal(report.serverErrors, 0)
  t.strictSame(report.foreignTables, [])
  t.strictSame(report.missingTranslations, [])
})
