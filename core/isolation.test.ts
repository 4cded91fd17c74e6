import t from 'tap'
import { fileURLToPath } from 'node:url'
import { build } from './testing/build.ts'
import { checkTenantIsolation } from './testing/tenancy.ts'

t.test('company A reaches nothing of company B through any core route', async (t) => {
  const app = await build(t)
  const report = await checkTenantIsolation(t, app)
  t.ok(report.routes >= 40 && report.attempts >= 80, 'every core route was tried')
  t.equal(report.controlsReached, report.controls, 'B\'s own callers reach every id used, so the refusals mean something')
})

t.test('the check catches a route that forgets the company scope', async (t) => {
  const app = await build(t, { pluginsDir: fileURLToPath(new URL('./testing/fixtures/', import.meta.url)) })
  const leaky = await checkTenantIsolation(t, app, { filter: (r) => r.url.startsWith('/api/leaky'), assert: false })
  t.ok(leaky.successes >= 1, `reads/writes by id are caught (${leaky.successes} successes)`)
  t.ok(leaky.leaks >= 1, `foreign rows in answers are caught (${leaky.leaks} leaks)`)
  t.ok(leaky.changedTables.includes('users'), 'a foreign write is caught in company B\'s rows')
  const core = await checkTenantIsolation(t, app, { filter: (r) => !r.url.startsWith('/api/leaky') })
  t.equal(core.successes, 0, 'the core routes beside it stay clean')
})
