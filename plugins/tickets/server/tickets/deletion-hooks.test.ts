import t from 'tap'
import { dialectOf } from '@zapdesk/plugin-api'
import { queueIds } from '@zapdesk/connections/testing'
import { call, contact, inbound, ticket, world } from '../messages/test-helpers.ts'
import { up as ownKeysOnly } from '../../migrations/20261224000002_own_keys_only.ts'

t.test('deleting a contact removes its tickets with their messages, notes and tag links, in one transaction', async (t) => {
  const w = await world()
  const gone = await contact(w.app, w.c.id)
  const kept = await contact(w.app, w.c.id)
  const mine = await ticket(w.app, w.c.id, { whatsappId: w.whatsappId, contactId: gone.id })
  const other = await ticket(w.app, w.c.id, { whatsappId: w.whatsappId, contactId: kept.id })
  await inbound(w.app, mine, 'olá')
  await inbound(w.app, other, 'oi')
  const tag = (await call(w.app, 'POST', '/tags', w.c.admin.headers, { name: 'VIP', color: '#112233' })).json()
  await w.app.knex.transaction((trx) => w.app.tags.addTicketTag(w.c.id, mine.id, tag.id, trx))
  await w.app.knex('ticketNotes').insert({ companyId: w.c.id, ticketId: mine.id, contactId: gone.id, note: 'nota', createdAt: new Date(), updatedAt: new Date() })

  const res = await call(w.app, 'DELETE', `/contacts/${gone.id}`, w.c.admin.headers)
  t.equal(res.statusCode, 204, res.body)
  t.equal(await w.app.knex('tickets').where({ id: mine.id }).first(), undefined, 'the contact\'s ticket is gone')
  t.same(await w.app.knex('messages').where({ ticketId: mine.id }).select('id'), [], 'with its messages')
  t.same(await w.app.knex('ticketNotes').where({ ticketId: mine.id }).select('id'), [], 'and notes')
  t.same((await w.app.tags.ofTickets(w.c.id, [mine.id])).get(mine.id) ?? [], [], 'and tag links')
  t.ok(await w.app.knex('tickets').where({ id: other.id }).first(), 'another contact\'s ticket stays')
  t.equal((await w.app.knex('messages').where({ ticketId: other.id })).length, 1)
})

t.test('a failing hook rolls the contact\'s delete back', async (t) => {
  const w = await world()
  const c = await contact(w.app, w.c.id)
  const tk = await ticket(w.app, w.c.id, { whatsappId: w.whatsappId, contactId: c.id })
  let fail = true
  w.app.contacts.deletionHooks.add(async () => { if (fail) throw new Error('boom') })
  t.teardown(() => { fail = false })
  await t.rejects(w.app.contacts.remove(w.c.id, c.id), /boom/)
  t.ok(await w.app.knex('contacts').where({ id: c.id }).first(), 'the contact is still there')
  t.ok(await w.app.knex('tickets').where({ id: tk.id }).first(), 'so are its tickets')
})

t.test('deleting a connection or a queue leaves its tickets without one', async (t) => {
  const w = await world()
  const [queueId] = await queueIds(w.app, w.c.admin.headers, 1)
  const tk = await ticket(w.app, w.c.id, { whatsappId: w.whatsappId, queueId })
  t.equal((await call(w.app, 'DELETE', `/queue/${queueId}`, w.c.admin.headers)).statusCode, 204)
  t.match(await w.app.knex('tickets').where({ id: tk.id }).first(), { queueId: null, whatsappId: w.whatsappId })
  t.equal((await call(w.app, 'DELETE', `/whatsapp/${w.whatsappId}`, w.c.admin.headers)).statusCode, 200)
  t.match(await w.app.knex('tickets').where({ id: tk.id }).first(), { queueId: null, whatsappId: null })
})

t.test('MariaDB: the migration drops an older install\'s keys to other plugins\' tables, not its own', { skip: process.env.TEST_DATABASE_URL ? false : 'MariaDB only' }, async (t) => {
  const w = await world()
  const knex = w.app.knex
  t.equal(dialectOf(knex), 'mysql')
  const foreignKeys = async () => (await knex.raw(
    `SELECT TABLE_NAME AS t, REFERENCED_TABLE_NAME AS r FROM information_schema.KEY_COLUMN_USAGE
     WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'tickets' AND REFERENCED_TABLE_NAME IS NOT NULL`))[0] as Array<{ t: string; r: string }>
  t.same((await foreignKeys()).map((k) => k.r).sort(), ['companies', 'users'], 'a fresh install has none to other plugins')
  await knex.raw('ALTER TABLE tickets ADD CONSTRAINT old_queue_fk FOREIGN KEY (queue_id) REFERENCES queues (id) ON DELETE SET NULL')
  await knex.raw('ALTER TABLE tickets ADD CONSTRAINT old_contact_fk FOREIGN KEY (contact_id) REFERENCES contacts (id) ON DELETE CASCADE')
  await ownKeysOnly(knex)
  t.same((await foreignKeys()).map((k) => k.r).sort(), ['companies', 'users'], 'the older keys are gone; the kernel\'s stay')
})
