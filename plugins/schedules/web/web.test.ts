import t from 'tap'
import pt from './locales/pt.json' with { type: 'json' }
import { checkSchedule, isEditable, localInput, valuesOf } from './rules.ts'
import { addDays, byDay, dayKey, gridWindow, monthGrid, monthOf, monthTitle, weekOf, weekdayNames } from './calendar.ts'
import type { Schedule } from './types.ts'

const sample = (over: Partial<Schedule> = {}): Schedule => ({
  id: 1, companyId: 1, body: 'Lembrete', contactId: 2, contact: { id: 2, name: 'Ana', number: '5511999990000' }, sendAt: '2026-11-20T13:00:00.000Z',
  sentAt: null, status: 'pending', error: null, mediaPath: null, mediaName: null, userId: 1, ticketId: null, ...over,
})

t.test('translations: the spec\'s Portuguese texts', async (t) => {
  t.equal(pt.dialog.tooShort, 'Mensagem muito curta')
  t.equal(pt.dialog.required, 'Obrigatório')
  t.equal(pt.loadError, 'Não foi possível carregar a lista de registros')
})

t.test('form rules: body at least 5 once trimmed, a contact, a time in the future', async (t) => {
  const now = new Date(2026, 10, 20, 10, 0).getTime()
  const ok = { contact: { id: 2, name: 'Ana', number: null }, body: 'Olá, Ana!', sendAt: localInput(new Date(now + 60_000)), media: { file: null, saved: null } }
  t.same(checkSchedule(ok, now), {})
  t.same(checkSchedule({ ...ok, body: '  oi  ' }, now), { body: 'schedules:dialog.tooShort' })
  t.same(checkSchedule({ ...ok, contact: null }, now), { contact: 'schedules:dialog.required' })
  t.same(checkSchedule({ ...ok, sendAt: '' }, now), { sendAt: 'schedules:dialog.required' })
  t.same(checkSchedule({ ...ok, sendAt: localInput(new Date(now - 60_000)) }, now), { sendAt: 'schedules:dialog.past' })
  t.equal(valuesOf(undefined, null, now).sendAt, localInput(new Date(now + 3600_000)), 'a new one starts an hour ahead (the spec)')
  t.same(valuesOf(sample({ mediaName: 'foto.png' })).media, { file: null, saved: 'foto.png' })
  t.ok(isEditable(sample()))
  t.ok(isEditable(sample({ status: 'failed' })))
  t.notOk(isEditable(sample({ status: 'sent', sentAt: '2026-11-20T13:00:01.000Z' })), 'sent: locked')
  t.notOk(isEditable(sample({ status: 'sending' })))
})

t.test('the month grid: six weeks from the Sunday before the 1st; schedules by day in time order', async (t) => {
  const grid = monthGrid(new Date(2026, 1, 1))
  t.equal(grid.length, 42)
  t.equal(dayKey(grid[0]), '2026-02-01', 'February 2026 starts on a Sunday')
  t.equal(dayKey(grid[41]), '2026-03-14')
  t.same([dayKey(gridWindow(new Date(2026, 1, 1)).from), dayKey(gridWindow(new Date(2026, 1, 1)).to)], ['2026-02-01', '2026-03-15'])
  const late = sample({ id: 2, sendAt: new Date(2026, 1, 3, 18).toISOString() })
  const early = sample({ id: 3, sendAt: new Date(2026, 1, 3, 8).toISOString() })
  t.same(byDay([late, early], (s) => s.sendAt).get('2026-02-03')?.map((s) => s.id), [3, 2])
  t.equal(monthTitle(new Date(2026, 1, 1), 'pt'), 'Fevereiro de 2026', 'Portuguese labels')
  t.equal(monthTitle(new Date(2026, 1, 1), 'en'), 'February 2026')
  t.equal(weekdayNames('pt')[0].toLowerCase().slice(0, 3), 'dom')
})

t.test('the week: Sunday to Saturday around a day; stepping by weeks crosses months', async (t) => {
  t.same(weekOf('2026-11-25'), ['2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28'])
  t.equal(addDays('2026-11-25', 7), '2026-12-02')
  t.equal(dayKey(monthOf('2026-12-02')), '2026-12-01')
  const grid = monthGrid(monthOf('2026-12-02')).map(dayKey)
  t.ok(weekOf('2026-12-02').every((d) => grid.includes(d)), 'a week sits in its month\'s grid, which the page loads')
})
