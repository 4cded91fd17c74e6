import t from 'tap'
import { fileURLToPath } from 'node:url'
import { checkPluginConformance } from '@zapdesk/plugin-api/testing'

const PLUGIN = fileURLToPath(new URL('.', import.meta.url))

t.test('the announcements plugin passes the conformance kit', async (t) => {
  const report = await checkPluginConformance(t, { plugin: PLUGIN })
  t.equal(report.name, 'announcements')
  t.equal(report.routes, 7, 'list, one, create, change, delete, image upload and removal')
  t.ok(report.isolationAttempts > 0)
  t.equal(report.isolationSuccesses, 0, 'no company reaches a management route')
  t.ok(report.hostileInputs > 0)
  t.equal(report.serverErrors, 0, 'no hostile input answers 5xx')
  t.same(report.missingTranslations, [])
  t.same(report.foreignTables, [])
})
