import t from 'tap'
import { build } from '@zapdesk/plugin-api/testing'
import { checkTenantIsolation } from '@zapdesk/plugin-api/testing'
import { checkHostileInput } from '@zapdesk/plugin-api/testing'

const ours = (r: { url: string }) => /^\/api\/(whatsapp|whatsappsession|sandbox)(\/|$)/.test(r.url)

t.test('company A reaches nothing of company B through the connections routes', async (t) => {
  const app = await build(t)
  const report = await checkTenantIsolation(t, app, { filter: ours })
  t.equal(report.routes, 14, 'every connections route was tried')
  t.equal(report.controlsReached, report.controls, 'B\'s own admin reaches every id used, so the refusals mean something')
  t.ok(report.controls >= 2)
})

t.test('hostile input to the connections routes: 4xx with an error code, never a 5xx', async (t) => {
  const app = await build(t)
  const report = await checkHostileInput(t, app, { filter: ours })
  t.equal(report.routes, 14)
  t.ok(report.inputs > 200, `${report.inputs} inputs`)
})
