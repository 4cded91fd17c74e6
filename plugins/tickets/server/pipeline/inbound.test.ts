import t from 'tap'
import { text, world } from './test-helpers.ts'
import type { Channels } from '@zapdesk/connections/public'

t.test('a message opens a pending ticket for its contact; a redelivery adds nothing; the next one counts', async (t) => {
  const w = await world(t)
  const events: string[] = []
  for (const name of ['ticket.created', 'ticket.updated', 'ticket.unreadChanged', 'message.created'] as const) {
    w.app.events.on(name, (p) => void events.push(`${name}:${'unreadMessages' in p ? p.unreadMessages : p.ticketId}`))
  }
  await w.inject({ id: 'm1', name: 'Maria Souza', body: 'Olá, quero um orçamento' })
  const [ticket] = await w.tickets()
  t.match(ticket, { status: 'pending', active: 1, unreadMessages: 1, lastMessage: 'Olá, quero um orçamento', whatsappId: w.whatsappId, queueId: null, userId: null, isGroup: false, chatbot: false })
  t.ok(ticket.lastMessageAt, 'lastMessageAt set')
  const contact = await w.app.knex('contacts').where({ id: ticket.contactId }).first()
  t.match(contact, { number: '5511988887777', name: 'Maria Souza' })
  const [message] = await w.messages()
  t.match(message, { ticketId: ticket.id, externalId: 'm1', body: 'Olá, quero um orçamento', fromMe: false, read: false, mediaType: 'chat', contactId: contact.id, sendStatus: null })
  t.equal((await w.app.knex('ticketCycles').where({ ticketId: ticket.id })).length, 1, 'the service cycle started')
  t.same((await w.app.knex('ticketSearchWords').where({ ticketId: ticket.id }).orderBy('word')).map((r) => r.word), ['olá', 'orcamento', 'quero', 'um'].map((x) => x.normalize('NFD').replace(/\p{M}+/gu, '')).sort())
  t.same(events.sort(), [`message.created:${ticket.id}`, `ticket.created:${ticket.id}`, 'ticket.unreadChanged:1'].sort())

  events.length = 0
  await w.inject({ id: 'm1', body: 'Olá, quero um orçamento' })
  t.equal((await w.messages()).length, 1, 'a redelivery is not stored again')
  t.equal((await w.tickets())[0].unreadMessages, 1, 'nor counted')
  t.same(events, [], 'nor announced')

  await w.inject({ id: 'm2', body: 'Alguém?' })
  const [again] = await w.tickets()
  t.match(again, { id: ticket.id, unreadMessages: 2, lastMessage: 'Alguém?' })
  t.same(events.sort(), [`message.created:${ticket.id}`, `ticket.updated:${ticket.id}`, 'ticket.unreadChanged:2'].sort())
})

t.test('one contact whether WhatsApp shows the LID, the number or both', async (t) => {
  const w = await world(t)
  const lid = '99887766554433@lid'
  await w.deliver(text('0', 'pelo lid', { chat: { jid: lid, lid, key: lid, isGroup: false, name: 'Ana' }, sender: { jid: lid, lid, key: lid } }))
  await w.deliver(text('5511977776666', 'com os dois', { chat: { jid: '5511977776666@s.whatsapp.net', number: '5511977776666', lid, key: '5511977776666', isGroup: false } }))
  await w.deliver(text('5511977776666', 'pelo número'))
  const contacts = await w.app.knex('contacts').where({ companyId: w.c.id })
  t.equal(contacts.length, 1, 'one contact')
  t.match(contacts[0], { number: '5511977776666', lid, name: 'Ana' })
  const tickets = await w.tickets()
  t.equal(tickets.length, 1, 'one ticket')
  t.equal(tickets[0].unreadMessages, 3)
})

t.test('messages sent from the phone are stored as ours: read, not counted, no bot', async (t) => {
  const w = await world(t, { greetingMessage: 'Olá {{firstName}}!' })
  await w.inject({ id: 'mine', body: 'Oi, aqui é a loja', fromMe: true })
  const [ticket] = await w.tickets()
  t.match(ticket, { status: 'pending', unreadMessages: 0, chatbot: false, lastMessage: 'Oi, aqui é a loja' })
  t.match((await w.messages())[0], { fromMe: true, read: true, contactId: null, sendStatus: null })
  t.same(await w.sent(), [], 'no greeting for our own message')
  await w.inject({ id: 'theirs', body: 'Oi!' })
  t.equal((await w.tickets())[0].unreadMessages, 1, 'the contact\'s answer counts')
})

t.test('a reply points at the local id of the message it quotes; raw answers the driver\'s getMessage', async (t) => {
  const w = await world(t)
  await w.deliver(text('5511966665555', 'primeira', { externalId: 'q-1', raw: '{"conversation":"primeira"}' }))
  await w.deliver(text('5511966665555', 'resposta', { externalId: 'q-2', quotedId: 'q-1' }))
  await w.deliver(text('5511966665555', 'resposta a algo antigo', { externalId: 'q-3', quotedId: 'never-seen' }))
  const [first, reply, orphan] = await w.messages()
  t.equal(reply.quotedMsgId, first.id)
  t.equal(orphan.quotedMsgId, null, 'an unknown quoted id is dropped')
  t.equal(first.raw, '{"conversation":"primeira"}')
  // The manager keeps the lookup privately; this is the function its sessions' getMessage calls.
  const lookup = (w.app.channels as unknown as { lookup: Parameters<Channels['setMessageLookup']>[0] }).lookup
  const ref = { companyId: w.c.id, whatsappId: w.whatsappId, chatJid: '5511966665555@s.whatsapp.net' }
  t.equal(await lookup({ ...ref, externalId: 'q-1' }), '{"conversation":"primeira"}')
  t.equal(await lookup({ ...ref, externalId: 'q-2' }), undefined, 'no raw stored')
  t.equal(await lookup({ ...ref, companyId: w.c.id + 1000, externalId: 'q-1' }), undefined, 'another company never reads it')
})

const group = { jid: '120363012345678901@g.us', number: '120363012345678901', key: '120363012345678901@g.us', isGroup: true, name: 'Clientes VIP' }
const member = { jid: '5511955554444@s.whatsapp.net', number: '5511955554444', key: '5511955554444', name: 'Beto' }

t.test('group messages are ignored while CheckMsgIsGroup is enabled (the default)', async (t) => {
  const w = await world(t)
  await w.deliver(text('0', 'oi grupo', { chat: group, sender: member }))
  await w.deliver({ kind: 'call', externalId: 'gcall', chat: group, fromMe: false, timestamp: new Date().toISOString(), isVideo: false })
  t.equal((await w.app.knex('contacts').where({ companyId: w.c.id })).length, 0, 'no contact')
  t.same(await w.tickets(), [], 'no ticket')
  t.same(await w.messages(), [], 'no message')
})

t.test('with CheckMsgIsGroup disabled a group is a contact with its own ticket; members are named, bots keep quiet', async (t) => {
  const w = await world(t, { greetingMessage: 'Bem-vindo!' })
  await w.setting('CheckMsgIsGroup', 'disabled')
  await w.deliver(text('0', 'oi grupo', { chat: group, sender: member, externalId: 'g1' }))
  await w.deliver(text('0', 'sou eu de novo', { chat: group, sender: member, externalId: 'g2' }))
  const groupContact = await w.app.knex('contacts').where({ companyId: w.c.id, isGroup: true }).first()
  t.match(groupContact, { number: '120363012345678901', name: 'Clientes VIP' })
  const memberContact = await w.app.knex('contacts').where({ companyId: w.c.id, number: '5511955554444' }).first()
  t.ok(memberContact, 'the member is a contact')
  const [ticket] = await w.tickets()
  t.match(ticket, { contactId: groupContact.id, isGroup: true, chatbot: false, unreadMessages: 2 })
  t.match(await w.messages(), [{ participant: member.jid, contactId: memberContact.id }, { participant: member.jid }])
  t.same(await w.sent(), [], 'no greeting to a group')
})

t.test('edits and deletions change the stored message; reactions are not stored', async (t) => {
  const w = await world(t)
  const updated: number[] = []
  w.app.events.on('message.updated', (p) => void updated.push(p.messageId))
  await w.inject({ id: 'e1', body: 'preço errado' })
  await w.inject({ id: 'e2', body: 'vou apagar' })
  await w.inject({ action: 'edit', targetId: 'e1', body: 'preço certo' })
  await w.inject({ action: 'edit', targetId: 'e1', body: 'preço certo' })
  await w.inject({ action: 'revoke', targetId: 'e2' })
  await w.inject({ action: 'revoke', targetId: 'e2' })
  await w.inject({ action: 'edit', targetId: 'unknown', body: 'x' })
  await w.inject({ action: 'reaction', targetId: 'e1', emoji: '👍' })
  const [edited, deleted] = await w.messages()
  t.match(edited, { body: 'preço certo', isEdited: true, isDeleted: false })
  t.match(deleted, { body: 'vou apagar', isDeleted: true })
  t.same(updated, [edited.id, deleted.id], 'one event per change; repeats change nothing')
  t.equal((await w.messages()).length, 2, 'the reaction added no row')
  t.ok(await w.app.knex('ticketSearchWords').where({ ticketId: edited.ticketId, word: 'certo' }).first(), 'the new text is searchable')
})
