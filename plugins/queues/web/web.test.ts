import t from 'tap'
import pt from './locales/pt.json' with { type: 'json' }
import es from './locales/es.json' with { type: 'json' }
import { PALETTE, freeColor } from './palette.ts'
import { emptyForm, formOf, payloadOf, validateQueue } from './queue-form.ts'
import { defaultWeek, fullWeek } from './types.ts'

t.test('translations: the spec\'s Portuguese tab names', async (t) => {
  t.equal(pt.dialog.tabs.data, 'Dados da Fila')
  t.equal(pt.dialog.tabs.schedules, 'Horários de Atendimento')
  for (const code of ['ERR_NO_QUEUE_FOUND', 'ERR_NO_QUEUE_OPTION_FOUND']) t.ok((es.errors as Record<string, string>)[code], code)
})

t.test('palette: about 50 distinct hex colours; the first free one is offered', async (t) => {
  t.equal(PALETTE.length, 50)
  t.equal(new Set(PALETTE).size, 50)
  t.ok(PALETTE.every((c) => /^#[0-9a-f]{6}$/.test(c)))
  t.equal(freeColor([]), PALETTE[0])
  t.equal(freeColor([PALETTE[0].toUpperCase(), PALETTE[1]]), PALETTE[2])
  t.equal(freeColor(PALETTE), PALETTE[0], 'all taken: any, the server will say')
})

t.test('queue form: rules of the spec, week filled Monday first, payload', async (t) => {
  const ok = { ...emptyForm('#aabbcc'), name: 'Vendas' }
  t.same(validateQueue(ok), {})
  t.same(validateQueue({ ...ok, name: ' ' }), { name: 'queues:validation.required' })
  t.same(validateQueue({ ...ok, name: 'A' }), { name: 'queues:validation.tooShort' })
  t.same(validateQueue({ ...ok, name: 'x'.repeat(51) }), { name: 'queues:validation.tooLong' })
  t.same(validateQueue({ ...ok, color: '#a' }), { color: 'queues:validation.color' })
  t.same(validateQueue({ ...ok, color: '' }), { color: 'queues:validation.required' })
  t.same(validateQueue({ ...ok, schedules: [{ weekday: 'monday', weekdayEn: 'monday', startTime: '8', endTime: '' }] }), { schedules: 'queues:validation.time' })
  t.same(defaultWeek().map((r) => `${r.weekdayEn} ${r.startTime}-${r.endTime}`), [
    'monday 08:00-18:00', 'tuesday 08:00-18:00', 'wednesday 08:00-18:00', 'thursday 08:00-18:00', 'friday 08:00-18:00', 'saturday 08:00-12:00', 'sunday 00:00-00:00'])
  t.same(fullWeek([{ weekday: 'x', weekdayEn: 'sunday', startTime: '09:00', endTime: '10:00' }]).map((r) => r.startTime), ['', '', '', '', '', '', '09:00'])
  const queue = { id: 1, name: ' Vendas ', color: '#abc', orderQueue: 3, greetingMessage: null, outOfHoursMessage: 'Fechado', integrationId: null, promptId: null, schedules: [] }
  const body = payloadOf(formOf(queue))
  t.match(body, { name: 'Vendas', color: '#abc', orderQueue: 3, greetingMessage: '', outOfHoursMessage: 'Fechado' })
  t.equal(body.schedules.length, 7)
  t.equal(payloadOf({ ...ok, orderQueue: '' }).orderQueue, null)
  t.equal(payloadOf(formOf({ ...queue, promptId: 4 })).promptId, 4, 'the queue\'s prompt goes back as loaded')
  t.equal(payloadOf(formOf({ ...queue, integrationId: 7 })).integrationId, 7, 'and its integration')
})
