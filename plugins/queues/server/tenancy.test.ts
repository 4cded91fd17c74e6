import t from 'tap'
import { build } from '@zapdesk/plugin-api/testing'
import { checkTenantIsolation } from '@zapdesk/plugin-api/testing'
import { checkHostileInput } from '@zapdesk/plugin-api/testing'

// The core's isolation.test.ts and hostile-input.test.ts cover every route; these run only the queues routes and the
// user routes that take queueIds, so a change here gets the same checks in a few seconds.
const ours = (r: { url: string }) => /^\/api\/(queue|queue-options|users)(\/|$)/.test(r.url)

t.test('company A reaches nothing of company B through the queue routes (nor queueIds on users)', async (t) => {
  const app = await build(t)
  const report = await checkTenantIsolation(t, app, { filter: ours })
  t.ok(report.routes >= 15, `${report.routes} routes`)
  t.equal(report.controlsReached, report.controls, 'B\'s own callers reach every id used')
})

t.test('hostile input to the queue routes gets a 4xx with an error code', async (t) => {
  const app = await build(t)
  await checkHostileInput(t, app, { filter: ours })
})
