import t from 'tap'
import { fileURLToPath } from 'node:url'
import { checkPluginConformance, expectConformant } from '@zapdesk/plugin-api/testing'

const PLUGIN = fileURLToPath(new URL('.', import.meta.url))

t.test('the announcements plugin passes the conformance kit', async (t) => {
  const report = await checkPluginConformance(t, { plugin: PLUGIN })
  expectConformant(t, report, { name: 'announcements', routes: 7, what: 'list, one, create, change, delete, image upload and removal' })
})
