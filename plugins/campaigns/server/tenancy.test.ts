import t from 'tap'
import { build, checkHostileInput, checkTenantIsolation } from '@zapdesk/plugin-api/testing'

// The core's isolation and hostile-input suites cover every route; these run only this plugin's, in seconds.
const ours = (r: { url: string }) => /^\/api\/(campaigns|campaign-settings|contact-lists|contact-list-items)(\/|$)/.test(r.url)

t.test('company A reaches nothing of company B through the campaign routes', async (t) => {
  const app = await build(t)
  const report = await checkTenantIsolation(t, app, { filter: ours })
  t.ok(report.routes >= 20, `${report.routes} routes`)
  t.equal(report.controlsReached, report.controls, 'B\'s own callers reach every id used')
})

t.test('hostile input to the campaign routes gets a 4xx with an error code', async (t) => {
  const app = await build(t)
  await checkHostileInput(t, app, { filter: ours })
})
