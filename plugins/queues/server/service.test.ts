import t from 'tap'
import { specWeek } from './test-helpers.ts'
import { build } from '@zapdesk/plugin-api/testing'
import { createCompanyWithUsers } from '@zapdesk/plugin-api/testing'
import { call, createQueue } from './test-helpers.ts'

// 2026-11-23 is a Monday; new companies are in America/Sao_Paulo (UTC-3).
const at = (local: string) => new Date(`${local}:00-03:00`)

t.test('app.queues.isOpenNow reads the setting, the company\'s zone and week, and the queue\'s week', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const q = await createQueue(app, c.admin.headers, { schedules: [{ weekdayEn: 'monday', startTime: '20:00', endTime: '23:00' }] })
  const spec = await createQueue(app, c.admin.headers, { name: 'Padrão', schedules: specWeek() })
  const none = await createQueue(app, c.admin.headers, { name: 'Sem horário' })
  const setType = (value: string) => call(app, 'PUT', '/settings/scheduleType', c.admin.headers, { value })
  const companyWeek = [{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '09:00', endTime: '12:00' }]
  t.equal((await call(app, 'PUT', `/companies/${c.id}/schedules`, c.admin.headers, { schedules: companyWeek })).statusCode, 200)

  t.equal(await app.queues.isOpenNow(c.id, q.id, at('2026-11-23T03:00')), true, 'disabled (the default): always open')
  await setType('company')
  t.equal(await app.queues.isOpenNow(c.id, q.id, at('2026-11-23T10:00')), true, 'company hours')
  t.equal(await app.queues.isOpenNow(c.id, null, at('2026-11-23T21:00')), false, 'outside company hours, with or without a queue')
  await setType('queue')
  t.equal(await app.queues.isOpenNow(c.id, q.id, at('2026-11-23T21:00')), true, 'the queue\'s own hours')
  t.equal(await app.queues.isOpenNow(c.id, q.id, at('2026-11-23T10:00')), false)
  t.equal(await app.queues.isOpenNow(c.id, spec.id, at('2026-11-23T10:00')), true, 'the default week: Monday 08-18')
  t.equal(await app.queues.isOpenNow(c.id, spec.id, at('2026-11-29T10:00')), false, 'Sunday 00:00-00:00')
  t.equal(await app.queues.isOpenNow(c.id, null, at('2026-11-23T03:00')), true, 'no queue yet: nothing to check')
  t.equal(await app.queues.isOpenNow(c.id, none.id, at('2026-11-29T03:00')), true, 'a queue nobody gave hours is never closed by invented ones')
  await app.knex('companies').where({ id: c.id }).update({ timezone: 'Asia/Tokyo' })
  t.equal(await app.queues.isOpenNow(c.id, spec.id, new Date('2026-11-23T01:00:00Z')), true, 'Monday 10:00 in Tokyo, still Sunday in São Paulo')
})
