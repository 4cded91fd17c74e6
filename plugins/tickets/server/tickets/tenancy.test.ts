import t from 'tap'
import { build } from '@zapdesk/plugin-api/testing'
import { checkTenantIsolation } from '@zapdesk/plugin-api/testing'
import { checkHostileInput } from '@zapdesk/plugin-api/testing'

// The core's isolation.test.ts and hostile-input.test.ts cover every route; these run only the ticket and note
// routes, so a change here gets the same checks in a few seconds.
const ours = (r: { url: string }) => /^\/api\/(tickets|ticket-notes)(\/|$)/.test(r.url)

t.test('company A reaches nothing of company B through the ticket and note routes', async (t) => {
  const app = await build(t)
  const report = await checkTenantIsolation(t, app, { filter: ours })
  t.ok(report.routes >= 9, `${report.routes} routes`)
  t.equal(report.controlsReached, report.controls, 'B\'s own callers reach every id used')
})

t.test('hostile input to the ticket and note routes gets a 4xx with an error code', async (t) => {
  const app = await build(t)
  await checkHostileInput(t, app, { filter: ours })
})
