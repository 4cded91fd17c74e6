import t from 'tap'
import { build } from '@zapdesk/plugin-api/testing'
import { checkTenantIsolation } from '@zapdesk/plugin-api/testing'
import { checkHostileInput } from '@zapdesk/plugin-api/testing'

// The core's isolation.test.ts and hostile-input.test.ts cover every route; these run only the board's routes
// (and its lanes), so a change here gets the same checks in a few seconds.
const ours = (r: { url: string }) => /^\/api\/(ticket\/kanban|ticket-tags\/|tags\/kanban$)/.test(r.url)

t.test('company A reaches nothing of company B through the kanban routes', async (t) => {
  const app = await build(t)
  const report = await checkTenantIsolation(t, app, { filter: ours })
  t.equal(report.routes, 4)
})

t.test('hostile input to the kanban routes gets a 4xx with an error code', async (t) => {
  const app = await build(t)
  await checkHostileInput(t, app, { filter: ours })
})
