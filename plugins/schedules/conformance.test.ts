import t from 'tap'
import { fileURLToPath } from 'node:url'
import { checkPluginConformance, expectConformant } from '@zapdesk/plugin-api/testing'

const PLUGIN = fileURLToPath(new URL('.', import.meta.url))

t.test('conformance: loads, migrates up/down/up, isolates companies, survives hostile input, names no foreign table, translated', async (t) => {
  const report = await checkPluginConformance(t, { plugin: PLUGIN })
  expectConformant(t, report, { name: 'schedules', routes: 7 })
})
