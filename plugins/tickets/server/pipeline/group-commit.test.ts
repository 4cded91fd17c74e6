import t, { type Test } from 'tap'
import { text, world, type World } from './test-helpers.ts'
import { groupCommit } from './group-commit.ts'
import { statementByStatement } from '@zapdesk/plugin-api/testing'
import type { InboundMessage } from '@zapdesk/connections/public'

type Frame = { topic: string; data: Record<string, any> }

/** What the pipeline announces, with the ids of this world left out: comparable between two worlds. */
function watch(w: World) {
  const events: string[] = []
  const frames: string[] = []
  /** The ids the events and frames name: checked against the rows (the batch learns its ids from the inserts). */
  const ids: Array<{ messageId: number; ticketId: number; body?: string }> = []
  w.app.events.on('message.created', (p) => void ids.push({ messageId: p.messageId, ticketId: p.ticketId }))
  const numberOf = new Map<number, string>()
  for (const name of ['ticket.created', 'ticket.updated', 'ticket.unreadChanged', 'message.created'] as const) {
    w.app.events.on(name, (p) => void events.push(name + ('unreadMessages' in p ? `:${p.unreadMessages}` : '') + ('previous' in p && p.previous ? `:${JSON.stringify({ ...p.previous, lastMessageAt: undefined })}` : '')))
  }
  const realtime = w.app.realtime as unknown as { publish(m: Frame & { companyId: number }): void }
  const publish = realtime.publish.bind(realtime)
  realtime.publish = (m) => {
    const d = m.data
    if (m.topic === 'appMessage') {
      ids.push({ messageId: d.message.id, ticketId: d.ticket.id, body: d.message.body })
      numberOf.set(d.ticket.id, d.ticket.contact.number)
      frames.push(`appMessage ${d.action} ${d.message.body} | ${d.ticket.contact.number} ${d.ticket.status} unread=${d.ticket.unreadMessages} last=${d.ticket.lastMessage} tags=${d.ticket.tags.length} author=${d.message.contact?.name}`)
    } else if (m.topic === 'ticket' && d.action === 'update') {
      numberOf.set(d.ticket.id, d.ticket.contact.number)
      frames.push(`ticket update ${d.ticket.contact.number} unread=${d.ticket.unreadMessages} last=${d.ticket.lastMessage}`)
    } else if (m.topic === 'ticket' && d.action === 'updateUnread') {
      frames.push(`ticket updateUnread ${numberOf.get(d.ticketId)}`)
    } else if (m.topic === 'ticket') {
      frames.push(`ticket ${d.action}`)
    } else if (m.topic === 'contact') {
      frames.push(`contact ${d.action} ${d.contact.number}`)
    }
    publish(m)
  }
  return { events, frames, ids }
}

/**
 * The frames of each contact, in order. Frames of different contacts interleave differently when their messages
 * are handled at the same time (they do today, one transaction each), so only each contact's own order is compared.
 */
function byContact(frames: string[]): Record<string, string[]> {
  const out: Record<string, string[]> = {}
  for (const f of frames) {
    const number = f.match(/\b(55\d{11})\b/)?.[1] ?? 'none'
    ;(out[number] ??= []).push(f)
  }
  return out
}

/** Counts the multi-row statements: proof that the messages went in one batch (on MariaDB inside a script). */
function countInserts(w: World): { messages: number } {
  const n = { messages: 0 }
  for (const knex of [w.app.knex, w.app.scriptKnex()]) {
    knex?.on('query', (q: { sql: string }) => {
      n.messages += (q.sql.match(/^insert into [`"]messages[`"]/gim) ?? []).length
    })
  }
  return n
}

/** A known contact with its ticket, two new contacts (one writing twice), a redelivery inside the batch, one of a stored message. */
function scenario(): { warmup: InboundMessage[]; burst: InboundMessage[] } {
  const known = '5511911110000'
  const fresh = '5511922220000'
  const other = '5511933330000'
  const m = (number: string, body: string, id: string) => text(number, body, { externalId: id })
  const warmup = [m(known, 'primeira mensagem', 'K1')]
  const burst = [
    m(known, 'segunda mensagem', 'K2'), m(fresh, 'olá sou novo', 'F1'), m(known, 'terceira', 'K3'), m(other, 'bom dia', 'O1'),
    m(fresh, 'ainda aqui', 'F2'), m(known, 'terceira', 'K3'), m(known, 'primeira mensagem', 'K1'), m(known, 'quarta', 'K4'),
  ]
  return { warmup, burst }
}

async function rowsOf(w: World) {
  const contacts = new Map((await w.app.knex('contacts').where({ companyId: w.c.id })).map((c) => [c.id, c.number]))
  const tickets = (await w.tickets()).map((tk) => ({ contact: contacts.get(tk.contactId), unread: tk.unreadMessages, last: tk.lastMessage, status: tk.status }))
  const ticketsById = new Map((await w.tickets()).map((tk) => [tk.id, contacts.get(tk.contactId)]))
  const messages = (await w.messages()).map((m) => ({ id: m.externalId, body: m.body, contact: ticketsById.get(m.ticketId), author: contacts.get(m.contactId!) }))
  const cycles = Number((await w.app.knex('ticketCycles').where({ companyId: w.c.id }).count({ n: '*' }))[0].n)
  const words = (await w.app.knex('ticketSearchWords').where({ companyId: w.c.id }).select('word', 'ticketId')).map((r) => `${ticketsById.get(r.ticketId)}:${r.word}`).sort()
  return { tickets, messages, cycles, words, contacts: [...contacts.values()].sort() }
}

/**
 * The reference world (the scenario's messages one at a time: each waits for the previous one, so no batch ever
 * forms) and the world under test, warmed up and idle, both watched.
 */
async function reference(t: Parameters<typeof world>[0]) {
  const { warmup, burst } = scenario()
  const alone = await world(t)
  const seen = watch(alone)
  for (const e of [...warmup, ...burst]) await alone.deliver(e)
  await alone.app.events.idle()

  const w = await world(t)
  const got = watch(w)
  for (const e of warmup) await w.deliver(e)
  // The group commit looks for more work once more after a batch (a turn of the event loop): let it go idle.
  await new Promise((r) => setImmediate(r))
  return { burst, alone, seen, w, got }
}

/** The scenario's burst, delivered in one go to `w`, against the reference. */
async function burstMatchesAlone(t: Test, ref: Awaited<ReturnType<typeof reference>>) {
  const { burst, alone, seen, w, got } = ref
  const inserts = countInserts(w)
  // Delivered in one go: the first goes at once, the others queue behind its write and form the next batch.
  await Promise.all(burst.map((e) => w.deliver(e)))
  await w.app.events.idle()

  t.equal(inserts.messages, 2, 'the burst took two multi-row message inserts (the first message, then the rest together)')
  const [expected, actual] = [await rowsOf(alone), await rowsOf(w)]
  t.same(actual.messages.map((m) => m.id), ['K1', 'K2', 'F1', 'K3', 'O1', 'F2', 'K4'], 'each message stored once, in arrival order')
  t.same(actual, expected, 'the same rows as one at a time: tickets, counters, messages on their tickets, cycles, search words, contacts')
  t.same(got.events, seen.events, 'the same domain events, in the same order, with the same previous values')
  t.same(byContact(got.frames), byContact(seen.frames), 'the same realtime frames, in the same order per contact, each showing the ticket as that message left it')
  t.equal(got.events.filter((e) => e === 'message.created').length, 7, 'one message.created per stored message')
  const rows = new Map((await w.messages()).map((m) => [m.id, m]))
  t.ok(got.ids.length >= 14 && got.ids.every((r) => rows.get(r.messageId)?.ticketId === r.ticketId && (r.body === undefined || rows.get(r.messageId)?.body === r.body)),
    'events and frames name the ids the rows got')
}

t.test('messages arriving together are written in one batch, each stored once with the events and frames it gets alone', async (t) => {
  await burstMatchesAlone(t, await reference(t))
})

t.test('the same statement by statement (SQLite always; MariaDB/MySQL whose multi-row inserts get no consecutive ids)', async (t) => {
  const ref = await reference(t)
  statementByStatement(ref.w.app)
  await burstMatchesAlone(t, ref)
})

t.test('a batch that fails is written again one message at a time: nothing lost, nothing doubled', async (t) => {
  const { burst, alone, seen, w, got } = await reference(t)
  let failures = 0
  // The batch has inserted its tickets, messages and words when this throws: its transaction rolls all of it back.
  groupCommit(w.app).beforeCommit = () => {
    failures++
    throw new Error('injected failure before commit')
  }
  await Promise.all(burst.map((e) => w.deliver(e)))
  await w.app.events.idle()
  t.ok(failures >= 2, 'the batches failed')
  t.same(await rowsOf(w), await rowsOf(alone), 'every message stored once, on the right ticket, counted once')
  t.same(got.events, seen.events, 'the events of each message, once')
  t.same(byContact(got.frames), byContact(seen.frames), 'the frames of each message, once')

  // A failure that is not the batch's: the messages are retried by their own transactions and still land.
  groupCommit(w.app).beforeCommit = undefined
  await Promise.all([text('5511944440000', 'depois', { externalId: 'A1' }), text('5511944440000', 'de novo', { externalId: 'A2' })].map((e) => w.deliver(e)))
  t.equal((await w.messages()).length, 9, 'later messages batch again normally')
})

t.test('an edit waits for the queued message it edits; replies and possible rating answers go the one-at-a-time way', async (t) => {
  const w = await world(t)
  const number = '5511955550000'
  const first = text(number, 'texto', { externalId: 'E0' })
  const msg = text(number, 'preço errado', { externalId: 'E1' })
  const edit = { kind: 'edit' as const, externalId: 'E1', chat: msg.chat, fromMe: false, timestamp: new Date().toISOString(), body: 'preço certo' }
  await Promise.all([w.deliver(first), w.deliver(msg), w.deliver(edit)])
  const [, edited] = await w.messages()
  t.match(edited, { externalId: 'E1', body: 'preço certo', isEdited: true }, 'the edit found its message')
  t.notOk(groupCommit(w.app).takes(text(number, '2')), 'a possible rating answer is not batched')
  t.notOk(groupCommit(w.app).takes(text(number, 'x', { quotedId: 'E1' })), 'a reply is not batched')
})

t.test('a message that arrives while the last batch is being stored is stored too (the pump does not stop under it)', async (t) => {
  const w = await world(t)
  const number = '5511966660000'
  let second: Promise<void> | undefined
  // Runs inside the first batch's transaction: on MariaDB the pump has taken every queued batch by then and only
  // waits for this store to end.
  groupCommit(w.app).beforeCommit = () => {
    second ??= w.deliver(text(number, 'segunda', { externalId: 'L2' }))
  }
  await w.deliver(text(number, 'primeira', { externalId: 'L1' }))
  groupCommit(w.app).beforeCommit = undefined
  const stranded = new Promise((_, reject) => setTimeout(() => reject(new Error('the second message was never stored')), 5000).unref())
  await Promise.race([second, stranded])
  t.same((await w.messages()).map((m) => m.externalId), ['L1', 'L2'])
})

t.test('a redelivery in the next batch of the one storing the message is recognized (on MariaDB the two overlap)', async (t) => {
  const w = await world(t)
  const number = '5511977770000'
  const warnings: string[] = []
  const warn = w.app.log.warn.bind(w.app.log)
  w.app.log.warn = ((obj: unknown, msg?: string) => {
    warnings.push(String(msg))
    return warn(obj as object, msg)
  }) as typeof w.app.log.warn
  const first = w.deliver(text(number, 'pedido 1', { externalId: 'R1' }))
  // Queued while R1's batch is being written: the next batch, prepared before R1 is committed.
  await Promise.all([first, w.deliver(text(number, 'pedido 1', { externalId: 'R1' })), w.deliver(text(number, 'pedido 2', { externalId: 'R2' }))])
  await w.app.events.idle()
  t.same((await w.messages()).map((m) => m.externalId), ['R1', 'R2'], 'stored once each, in order')
  t.same((await w.tickets()).map((tk) => tk.unreadMessages), [2], 'counted once each')
  t.same(warnings.filter((m) => m.includes('group commit failed')), [], 'recognized by the batch itself, not by the one-at-a-time fallback')
})
