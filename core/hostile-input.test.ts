import t from 'tap'
import { fileURLToPath } from 'node:url'
import { build } from './testing/build.ts'
import { checkHostileInput } from './testing/hostile-input.ts'

t.test('hostile input to every core route gets a 4xx with an error code, never a 5xx', async (t) => {
  const app = await build(t)
  const report = await checkHostileInput(t, app)
  t.ok(report.routes >= 40 && report.inputs >= 1000, 'every core route got the full set of inputs')
})

t.test('the check catches a route that crashes on unexpected input', async (t) => {
  const app = await build(t, { pluginsDir: fileURLToPath(new URL('./testing/fixtures/', import.meta.url)) })
  const leaky = await checkHostileInput(t, app, { filter: (r) => r.url.startsWith('/api/leaky'), assert: false })
  t.ok(leaky.serverErrors >= 1, `a body passed straight to SQL is caught (${leaky.serverErrors} 5xx)`)
})
