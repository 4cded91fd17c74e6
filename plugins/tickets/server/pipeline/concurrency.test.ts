import t from 'tap'
import { text, world } from './test-helpers.ts'
import type { InboundMessage } from '@zapdesk/connections/public'

// 30,000 deliveries take a minute or two on a small machine: more than the suite's default per-file timeout.
t.setTimeout(300_000)

const CONTACTS = 500
const PER_CONTACT = 20
const DELIVERIES = 3
const IN_FLIGHT = 16

/** Fisher-Yates with a fixed seed: the same "random" order on every run, so a failure can be replayed. */
function shuffled<T>(items: T[], seed = 20261210): T[] {
  const out = [...items]
  let s = seed
  const next = () => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31)
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1))
    ;[out[i], out[j]] = [out[j], out[i]]
  }
  return out
}

t.test(`${CONTACTS * PER_CONTACT} messages of ${CONTACTS} contacts, each delivered ${DELIVERIES} times out of order, ${IN_FLIGHT} at once`, async (t) => {
  const w = await world(t)
  const messages: InboundMessage[] = []
  for (let c = 0; c < CONTACTS; c++) {
    const number = `55119${String(10_000_000 + c)}`
    for (let m = 0; m < PER_CONTACT; m++) messages.push(text(number, `mensagem ${m} do contato ${c}`, { externalId: `C${c}M${m}` }))
  }
  const deliveries = shuffled(messages.flatMap((m) => Array.from({ length: DELIVERIES }, () => m)))
  let created = 0
  w.app.events.on('message.created', () => void created++)

  const started = Date.now()
  let next = 0
  const failures: unknown[] = []
  // Each worker takes the next delivery when its previous one is done: IN_FLIGHT deliveries are always under way.
  await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
    while (next < deliveries.length) {
      const event = deliveries[next++]
      await w.deliver(event).catch((err) => void failures.push(err))
    }
  }))
  await w.app.events.idle()
  t.comment(`${deliveries.length} deliveries in ${((Date.now() - started) / 1000).toFixed(1)} s on ${w.app.dialect}`)

  t.same(failures, [], 'no delivery failed (deadlocks and lost races were retried)')
  const db = w.app.knex
  const [{ n: stored }] = await db('messages').where({ companyId: w.c.id }).count({ n: '*' })
  t.equal(Number(stored), CONTACTS * PER_CONTACT, 'exactly one row per message')
  t.equal(created, CONTACTS * PER_CONTACT, 'exactly one message.created per message')
  t.equal(Number((await db('contacts').where({ companyId: w.c.id }).count({ n: '*' }))[0].n), CONTACTS, 'one contact per number')

  const tickets = await db('tickets').where({ companyId: w.c.id }).select('contactId', 'whatsappId', 'status', 'active', 'unreadMessages')
  t.equal(tickets.length, CONTACTS, 'one ticket per contact, no extras')
  t.ok(tickets.every((tk) => tk.status === 'pending' && Number(tk.active) === 1 && tk.whatsappId === w.whatsappId), 'each pending and active')
  t.equal(new Set(tickets.map((tk) => tk.contactId)).size, CONTACTS, 'one active ticket per contact and connection')
  const wrong = tickets.filter((tk) => Number(tk.unreadMessages) !== PER_CONTACT)
  t.same(wrong, [], `every ticket counts exactly ${PER_CONTACT} unread`)
  const perTicket = await db('messages').where({ companyId: w.c.id }).groupBy('ticketId').select('ticketId').count({ n: '*' })
  t.ok(perTicket.every((r) => Number(r.n) === PER_CONTACT), 'each ticket holds its contact\'s messages')
  t.equal(Number((await db('ticketCycles').where({ companyId: w.c.id }).count({ n: '*' }))[0].n), CONTACTS, 'one service cycle per ticket')
})
