import t from 'tap'
import { build } from '@zapdesk/plugin-api/testing'
import { createCompanyWithUsers, createSuper } from '@zapdesk/plugin-api/testing'
import { addCycle, get, seedScenario, setTimezone } from './test-helpers.ts'

const chart = (kind: 'ticketsUsers' | 'ticketsDay', from: string, to: string, extra = '') => `/dashboard/${kind}?initialDate=${from}&finalDate=${to}${extra}`

t.test('tickets per attendant and per day, on the company\'s clock', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  await seedScenario(app, c.id, c.user.id, c.admin.id)
  const other = await createCompanyWithUsers(app)
  await seedScenario(app, other.id, other.user.id, other.admin.id)

  const users = await get(app, chart('ticketsUsers', '2030-03-10', '2030-03-11'), c.admin.headers)
  t.equal(users.statusCode, 200)
  t.strictSame(users.json(), { data: [{ userId: c.user.id, nome: 'Agent', quantidade: 3 }, { userId: c.admin.id, nome: 'Admin', quantidade: 2 }] }, 'most first; cycles nobody took are left out')

  const days = await get(app, chart('ticketsDay', '2030-03-09', '2030-03-11'), c.admin.headers)
  t.strictSame(days.json(), {
    data: [{ data: '2030-03-09', total: 1 }, { data: '2030-03-10', total: 3 }, { data: '2030-03-11', total: 3 }],
    count: 7,
  }, 'E started at 20:00 on the 9th, F and G late on the 11th (local time)')

  const hours = await get(app, chart('ticketsDay', '2030-03-10', '2030-03-10'), c.admin.headers)
  t.strictSame(hours.json(), { data: [{ horario: '09', total: 1 }, { horario: '10', total: 1 }, { horario: '12', total: 1 }], count: 3 }, 'one day: per hour')

  const empty = await get(app, chart('ticketsDay', '2031-01-01', '2031-01-31'), c.admin.headers)
  t.strictSame(empty.json(), { data: [], count: 0 })
})

t.test('zones whose offset is not whole hours get their own midnight', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  await setTimezone(app, c.id, 'Asia/Kolkata') // UTC+5:30
  await addCycle(app, c.id, { userId: c.user.id, started: '2030-03-10T18:15:00Z' }) // 23:45 on the 10th
  await addCycle(app, c.id, { userId: c.user.id, started: '2030-03-10T18:45:00Z' }) // 00:15 on the 11th
  const days = (await get(app, chart('ticketsDay', '2030-03-10', '2030-03-11'), c.admin.headers)).json()
  t.strictSame(days.data, [{ data: '2030-03-10', total: 1 }, { data: '2030-03-11', total: 1 }])
  const hours = (await get(app, chart('ticketsDay', '2030-03-11', '2030-03-11'), c.admin.headers)).json()
  t.strictSame(hours, { data: [{ horario: '00', total: 1 }], count: 1 })
})

t.test('days across a DST change keep their local midnight', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  await setTimezone(app, c.id, 'Europe/Lisbon') // UTC+0 until 2030-03-31 01:00Z, UTC+1 after
  await addCycle(app, c.id, { userId: null, started: '2030-03-30T23:30:00Z' }) // 23:30 on the 30th
  await addCycle(app, c.id, { userId: null, started: '2030-03-31T23:30:00Z' }) // 00:30 on April 1st
  const days = (await get(app, chart('ticketsDay', '2030-03-30', '2030-04-01'), c.admin.headers)).json()
  t.strictSame(days.data, [{ data: '2030-03-30', total: 1 }, { data: '2030-04-01', total: 1 }])
})

t.test('the charts\' dates and company', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const other = await createCompanyWithUsers(app)
  await seedScenario(app, other.id, other.user.id, other.admin.id)
  const status = async (url: string, headers = c.admin.headers) => {
    const res = await get(app, url, headers)
    return [res.statusCode, res.statusCode === 200 ? 'ok' : res.json().error]
  }
  for (const bad of ['/dashboard/ticketsDay', '/dashboard/ticketsDay?initialDate=2030-03-10', chart('ticketsDay', '2030-03-11', '2030-03-10'), chart('ticketsUsers', '2030-02-30', '2030-03-01'), chart('ticketsUsers', '10/03/2030', '2030-03-11')]) {
    t.same(await status(bad), [400, 'ERR_VALIDATION'], bad)
  }
  t.same(await status(chart('ticketsUsers', '2030-03-10', '2030-03-11', `&companyId=${c.id}`)), [200, 'ok'], 'one\'s own company may be named')
  t.same(await status(chart('ticketsUsers', '2030-03-10', '2030-03-11', `&companyId=${other.id}`)), [403, 'ERR_NO_PERMISSION'], 'another company may not')
  const superUser = await createSuper(app)
  const seen = (await get(app, chart('ticketsUsers', '2030-03-10', '2030-03-11', `&companyId=${other.id}`), superUser.headers)).json()
  t.equal(seen.data.length, 2, 'a super user may look at any company')
  t.same(await status(chart('ticketsUsers', '2030-03-10', '2030-03-11', '&companyId=999999'), superUser.headers), [404, 'ERR_NO_COMPANY_FOUND'])
})
