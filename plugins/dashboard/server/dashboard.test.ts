import t from 'tap'
import { build } from '@zapdesk/plugin-api/testing'
import { createCompanyWithUsers } from '@zapdesk/plugin-api/testing'
import { addCycle, addRating, get, seedScenario } from './test-helpers.ts'

const RANGE = '/dashboard?date_from=2030-03-10&date_to=2030-03-11'

t.test('counters and attendants of a range, on the company\'s clock', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  await seedScenario(app, c.id, c.user.id, c.admin.id)
  // Another company with the same activity: none of it may show in c's figures.
  const other = await createCompanyWithUsers(app)
  await seedScenario(app, other.id, other.user.id, other.admin.id)
  await app.knex('users').where({ id: c.user.id }).update({ online: true })

  const res = await get(app, RANGE, c.admin.headers)
  t.equal(res.statusCode, 200)
  const body = res.json()
  t.strictSame(body.counters, {
    supportHappening: 2, supportPending: 3,
    supportFinished: 4, // A, B, C, F; G finished at the first instant after the range
    leads: 2, // groups and the contact of 23:59:59 the day before are not new contacts of the range
    avgSupportTime: 38.5, // (30 + 70 + 15 + 39) / 4
    avgWaitTime: 55.8, // (10 + 20 + 5 + 270 + 20 + 10) / 6: E waited from the day before
  })
  t.strictSame(body.attendants, [
    { id: c.admin.id, name: 'Admin', rating: 3, avgSupportTime: 15, avgWaitTime: 7.5, tickets: 2, online: false },
    { id: c.user.id, name: 'Agent', rating: 2.33, avgSupportTime: 46.3, avgWaitTime: 80, tickets: 3, online: true },
  ])
})

t.test('each filter narrows the range; given together they narrow each other', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  await seedScenario(app, c.id, c.user.id, c.admin.id)
  const finished = async (query: string) => (await get(app, `/dashboard?${query}`, c.admin.headers)).json().counters.supportFinished

  t.equal(await finished('date_from=2030-03-10&date_to=2030-03-10'), 2, 'one day: A and B')
  t.equal(await finished('date_from=2030-03-11'), 3, 'from a day on: C, F and G')
  t.equal(await finished('date_to=2030-03-09'), 1, 'up to a day: H')
  t.equal(await finished('date_from=2030-01-01&date_to=2030-12-31'), 6)
  t.equal(await finished('days=7&date_from=2030-03-10'), 0, '2030 is not in the last 7 days')

  const now = Date.now()
  const ago = (days: number) => new Date(now - days * 86_400_000).toISOString()
  await addCycle(app, c.id, { userId: c.user.id, started: ago(2.1), accepted: ago(2.05), finished: ago(2) })
  await addCycle(app, c.id, { userId: c.user.id, started: ago(10.1), accepted: ago(10.05), finished: ago(10) })
  await addRating(app, c.id, c.admin.id, 2, ago(1))
  t.equal(await finished('days=7'), 1, 'the last 7 days')
  t.equal(await finished('days=15'), 2, 'the last 15 days')
  const recent = (await get(app, '/dashboard?days=3', c.admin.headers)).json()
  t.equal(recent.attendants.find((a: { id: number }) => a.id === c.admin.id).rating, 2, 'only the ratings of the period count')
  t.equal(recent.counters.avgSupportTime, 72, '0.05 days = 72 minutes')
})

t.test('a company without activity sees zeros, whatever other companies did', async (t) => {
  const app = await build(t)
  const busy = await createCompanyWithUsers(app)
  await seedScenario(app, busy.id, busy.user.id, busy.admin.id)
  const quiet = await createCompanyWithUsers(app)
  const body = (await get(app, RANGE, quiet.admin.headers)).json()
  t.strictSame(body.counters, { supportHappening: 0, supportPending: 0, supportFinished: 0, leads: 0, avgSupportTime: 0, avgWaitTime: 0 })
  t.same(body.attendants.map((a: { id: number }) => a.id).sort(), [quiet.admin.id, quiet.user.id].sort(), 'only its own users')
  t.ok(body.attendants.every((a: { tickets: number; rating: unknown; avgSupportTime: unknown }) => a.tickets === 0 && a.rating === null && a.avgSupportTime === null))
})

t.test('the filter is required and must be made of real days', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const answer = async (query: string) => {
    const res = await get(app, `/dashboard${query}`, c.admin.headers)
    return [res.statusCode, res.json().error]
  }
  t.same(await answer(''), [400, 'ERR_DASHBOARD_FILTER_REQUIRED'], 'Parametrize o filtro')
  t.same(await answer('?days=0'), [400, 'ERR_DASHBOARD_FILTER_REQUIRED'], 'days=0 is no filter')
  for (const bad of ['?date_from=2030-02-31', '?date_to=30/03/2030', '?date_from=0001-01-01', '?days=-1', '?days=abc', '?date_from=2030-03-11&date_to=2030-03-10', '?date_from=']) {
    t.same(await answer(bad), [400, 'ERR_VALIDATION'], bad)
  }
})

t.test('admins only', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  for (const url of [RANGE, '/dashboard/ticketsUsers?initialDate=2030-03-10&finalDate=2030-03-11', '/dashboard/ticketsDay?initialDate=2030-03-10&finalDate=2030-03-10']) {
    const res = await get(app, url, c.user.headers)
    t.equal(res.statusCode, 403, url)
    t.equal(res.json().error, 'ERR_NO_PERMISSION')
    t.equal((await app.inject({ method: 'GET', url: `/api${url}` })).statusCode, 401, 'and signed in')
  }
})
