import t from 'tap'
import { call, world, type World } from '../test-helpers.ts'
import { OUT_OF_HOURS_REPEAT_MS } from './out-of-hours.ts'

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']
/** A week closed all day (start == end), or open all day (00:00 to 23:59). */
const week = (open: boolean) => DAYS.map((weekdayEn) => ({ weekday: weekdayEn, weekdayEn, startTime: '00:00', endTime: open ? '23:59' : '00:00' }))

async function companyHours(w: World, open: boolean): Promise<void> {
  await w.setting('scheduleType', 'company')
  const res = await call(w.app, 'PUT', `/companies/${w.c.id}/schedules`, w.c.admin.headers, { schedules: week(open) })
  if (res.statusCode !== 200) throw new Error(`schedules: ${res.statusCode} ${res.body}`)
}

const greetingConnection = { greetingMessage: 'Olá, {{firstName}}!', outOfHoursMessage: 'Estamos fechados, {{firstName}}. Voltamos amanhã.' }

t.test('out of the company\'s hours the contact is told once per window, and no bot runs', async (t) => {
  const w = await world(t, greetingConnection)
  await companyHours(w, false)
  await w.inject({ id: 'n1', name: 'Davi Lima', body: 'Oi' })
  await w.inject({ id: 'n2', body: 'Tem alguém?' })
  t.same(await w.sent(), ['Estamos fechados, Davi. Voltamos amanhã.'], 'once, rendered; no greeting')
  const [ticket] = await w.tickets()
  t.match(ticket, { status: 'pending', chatbot: true, unreadMessages: 2 })
  // The window passed (the contact writes again hours later, still at night).
  await w.app.knex('tickets').where({ id: ticket.id }).update({ outOfHoursAt: new Date(Date.now() - OUT_OF_HOURS_REPEAT_MS - 1000) })
  await w.inject({ id: 'n3', body: 'Bom dia?' })
  t.equal((await w.sent()).length, 2, 'told again after the window')
})

t.test('within the company\'s hours the greeting goes out; an agent\'s ticket is never answered', async (t) => {
  const w = await world(t, greetingConnection)
  await companyHours(w, true)
  await w.inject({ id: 'd1', name: 'Eva Rocha', body: 'Oi' })
  t.same(await w.sent(), ['Olá, Eva!'])
  const [ticket] = await w.tickets()
  await w.app.tickets.lifecycle.accept(w.c.id, ticket.id, { userId: w.c.user.id })
  await companyHours(w, false)
  const before = (await w.sent()).length
  await w.inject({ id: 'd2', body: 'Ainda aí?' })
  t.equal((await w.sent()).length, before, 'the agent is talking to the contact: no out-of-hours answer')
})

t.test('with per-queue hours the chosen queue answers for itself', async (t) => {
  const w = await world(t, { greetingMessage: 'Escolha:' })
  await w.setting('scheduleType', 'queue')
  const make = async (name: string, color: string, open: boolean) => {
    const res = await call(w.app, 'POST', '/queue', w.c.admin.headers, { name, color, greetingMessage: `Bem-vindo a ${name}`, outOfHoursMessage: `${name} está fechado`, schedules: week(open) })
    return res.json().id as number
  }
  const sales = await make('Vendas', '#111111', true)
  const support = await make('Suporte', '#222222', false)
  await call(w.app, 'PUT', `/whatsapp/${w.whatsappId}`, w.c.admin.headers, { queueIds: [sales, support] })
  await w.inject({ id: 'q1', body: 'Oi' })
  t.same(await w.sent(), ['Escolha:\n\n1 - Suporte\n2 - Vendas'], 'no queue yet: nothing to check, the menu goes out')
  await w.inject({ id: 'q2', body: '1' })
  t.match((await w.tickets())[0], { queueId: support })
  t.same((await w.sent()).slice(1), ['Suporte está fechado'], 'the closed queue\'s own text instead of its greeting')
  await w.inject({ id: 'q3', body: 'e agora?' })
  t.equal((await w.sent()).length, 2, 'not repeated within the window')
})

t.test('a queue picked out of hours with no out-of-hours text anywhere: the platform\'s default, in the company\'s language', async (t) => {
  const w = await world(t, { greetingMessage: 'Escolha:' })
  await w.setting('scheduleType', 'queue')
  await w.setting('language', 'en')
  const res = await call(w.app, 'POST', '/queue', w.c.admin.headers, { name: 'Suporte', color: '#222222', greetingMessage: 'Bem-vindo', outOfHoursMessage: '', schedules: week(false) })
  const other = await call(w.app, 'POST', '/queue', w.c.admin.headers, { name: 'Vendas', color: '#111111', greetingMessage: 'Bem-vindo', schedules: week(true) })
  await call(w.app, 'PUT', `/whatsapp/${w.whatsappId}`, w.c.admin.headers, { queueIds: [res.json().id, other.json().id] })
  await w.inject({ id: 'e1', body: 'Oi' })
  await w.inject({ id: 'e2', body: '1' })
  t.same((await w.sent()).slice(1), ['We are outside our opening hours right now. Leave your message: we will answer as soon as we are back.'], 'not silence')
})
