import t from 'tap'
import { world } from './test-helpers.ts'
import { automaticTextsIn } from '../automatic-texts.ts'

const CALLS_DISABLED_REPLY = automaticTextsIn({}).callsDisabled

t.test('a call is one call_log message on the contact\'s active ticket; redelivered call ids add nothing', async (t) => {
  const w = await world(t)
  await w.inject({ id: 'hello', body: 'Oi' })
  await w.inject({ action: 'call', id: 'call-1' })
  await w.inject({ action: 'call', id: 'call-1' })
  await w.inject({ action: 'call', id: 'call-2', mediaType: 'video' })
  const tickets = await w.tickets()
  t.equal(tickets.length, 1, 'no ticket per call')
  const calls = await w.messages({ mediaType: 'call_log' })
  t.match(calls, [{ externalId: 'call-1', body: 'Chamada de voz perdida', ticketId: tickets[0].id, fromMe: false }, { externalId: 'call-2', body: 'Chamada de vídeo perdida' }])
  t.equal(tickets[0].unreadMessages, 3, 'a missed call is something to look at')
  t.same(await w.sent(), [], 'calls are taken (setting `call` enabled): no automatic answer')
})

t.test('a call with no active ticket opens one', async (t) => {
  const w = await world(t)
  await w.inject({ action: 'call', id: 'first-contact' })
  const [ticket] = await w.tickets()
  t.match(ticket, { status: 'pending', active: 1, lastMessage: 'Chamada de voz perdida' })
})

t.test('with calls disabled the contact is told, once per call', async (t) => {
  const w = await world(t)
  await w.setting('call', 'disabled')
  await w.inject({ action: 'call', id: 'c1' })
  await w.inject({ action: 'call', id: 'c1' })
  await Promise.all([
    w.deliver({ kind: 'call', externalId: 'c2', chat: { jid: '5511988887777@s.whatsapp.net', number: '5511988887777', key: '5511988887777', isGroup: false }, fromMe: false, timestamp: new Date().toISOString(), isVideo: true }),
    w.deliver({ kind: 'call', externalId: 'c2', chat: { jid: '5511988887777@s.whatsapp.net', number: '5511988887777', key: '5511988887777', isGroup: false }, fromMe: false, timestamp: new Date().toISOString(), isVideo: true }),
  ])
  t.equal((await w.messages({ mediaType: 'call_log' })).length, 2)
  t.same(await w.sent(), [CALLS_DISABLED_REPLY, CALLS_DISABLED_REPLY], 'one answer per call, through the sender')
  t.equal((await w.tickets()).length, 1)
})
