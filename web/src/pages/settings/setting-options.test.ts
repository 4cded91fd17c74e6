import t from 'tap'
import { SELECT_SETTINGS, TEXT_SETTINGS, settingValue, showsCompanySchedules, isTime, normalizeSchedules } from './setting-options.ts'

t.test('every setting key of the spec is editable', async (t) => {
  const keys = [...SELECT_SETTINGS.map((s) => s.key), ...TEXT_SETTINGS].sort()
  t.same(keys, ['CheckMsgIsGroup', 'asaas', 'call', 'campaignsEnabled', 'chatBotType', 'scheduleType', 'sendGreetingAccepted', 'sendGreetingMessageOneQueues', 'sendMsgTransfTicket', 'userRating', 'language'].sort())
  t.same(SELECT_SETTINGS.find((s) => s.key === 'scheduleType')?.values, ['disabled', 'queue', 'company'])
})

t.test('values and schedules', async (t) => {
  const s = [{ key: 'scheduleType', value: 'company' }]
  t.equal(settingValue(s, 'scheduleType'), 'company')
  t.equal(settingValue(s, 'call', 'enabled'), 'enabled')
  t.ok(showsCompanySchedules(s))
  t.notOk(showsCompanySchedules([{ key: 'scheduleType', value: 'queue' }]))
  t.ok(isTime('08:00'))
  t.ok(isTime('23:59'))
  t.notOk(isTime('24:00'))
  t.notOk(isTime('8:00'))
  const week = normalizeSchedules([{ weekday: 'x', weekdayEn: 'friday', startTime: '09:00', endTime: '17:00' }])
  t.equal(week.length, 7)
  t.same(week[4], { weekday: 'Sexta-feira', weekdayEn: 'friday', startTime: '09:00', endTime: '17:00' })
  t.equal(week[0].startTime, '')
})
