import t from 'tap'
import { fileURLToPath } from 'node:url'
import { checkPluginConformance, expectConformant } from '@zapdesk/plugin-api/testing'

const PLUGIN = fileURLToPath(new URL('.', import.meta.url))

t.test('conformance: migrations up/down/up, cross-tenant (0 successes), hostile input, foreign tables, translations', async (t) => {
  const report = await checkPluginConformance(t, { plugin: PLUGIN })
  expectConformant(t, report, { name: 'audit', routes: 3, what: 'list, actors, export' })
})
