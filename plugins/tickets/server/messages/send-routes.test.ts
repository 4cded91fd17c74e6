import t from 'tap'
import { createCompanyWithUsers } from '@zapdesk/plugin-api/testing'
import { queueIds } from '@zapdesk/connections/testing'
import { call, contact, inbound, messageRow, multipart, outbox, ticket, waitFor, world } from './test-helpers.ts'

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4a00000000049454e44ae426082', 'hex')

t.test('a text message: stored as sent by the web (signature included), answered 201, then sent', async (t) => {
  const w = await world()
  const { app, c } = w
  const tk = await ticket(app, c.id, { whatsappId: w.whatsappId, userId: c.user.id })
  const res = await call(app, 'POST', `/messages/${tk.id}`, c.user.headers, { body: '*Agent:*\nBom dia!', read: true, fromMe: true, mediaUrl: '' })
  t.equal(res.statusCode, 201, res.body)
  const m = res.json()
  t.match(m, { ticketId: tk.id, body: '*Agent:*\nBom dia!', fromMe: true, read: true, userId: c.user.id, sendStatus: 'queued', mediaUrl: null, quotedMsg: null })
  await waitFor(async () => (await messageRow(app, c.id, m.id))?.sendStatus === 'sent', 5000, 'sent')
  t.equal((await outbox(w))[0].body, '*Agent:*\nBom dia!')
})

t.test('the spec\'s variables are filled in what an agent sends (typed text, quick replies), as in bot texts', async (t) => {
  const w = await world()
  const { app, c } = w
  const ana = (await app.contacts.findOrCreateContact(c.id, { number: '5511912345678', name: 'Ana Beatriz Souza' })).contact
  const tk = await ticket(app, c.id, { whatsappId: w.whatsappId, userId: c.user.id, contactId: ana.id })
  const res = await call(app, 'POST', `/messages/${tk.id}`, c.user.headers, { body: '{{ms}}, {{firstName}}! ({{name}}) Protocolo {{protocol}} às {{hora}}. {{outra}}' })
  t.equal(res.statusCode, 201, res.body)
  const body = res.json().body as string
  t.match(body, /^(Boa madrugada|Bom dia|Boa tarde|Boa noite), Ana! \(Ana Beatriz Souza\) Protocolo \d{14}\d+ às \d\d:\d\d:\d\d\. \{\{outra\}\}$/)
  t.ok(body.includes(`${tk.id} às`), 'the protocol ends with the ticket id')
  await waitFor(async () => (await messageRow(app, c.id, res.json().id))?.sendStatus === 'sent', 5000, 'sent')
  t.equal((await outbox(w))[0].body, body, 'the contact receives the filled text')
  const row = await app.knex('tickets').where({ id: tk.id }).first('lastMessage')
  t.equal(row.lastMessage, body, 'the ticket list shows it filled too')
})

t.test('a reply quotes by quotedMsg (the whole message the web holds) or quotedMsgId', async (t) => {
  const w = await world()
  const { app, c } = w
  const tk = await ticket(app, c.id, { whatsappId: w.whatsappId })
  const q = await inbound(app, tk, 'Pergunta?')
  const res = await call(app, 'POST', `/messages/${tk.id}`, c.user.headers, { body: 'Resposta', quotedMsg: { id: q.id, body: 'Pergunta?', fromMe: false, contact: { id: 1 } } })
  t.equal(res.statusCode, 201, res.body)
  t.match(res.json(), { quotedMsg: { id: q.id, body: 'Pergunta?', fromMe: false } })
  await waitFor(async () => (await messageRow(app, c.id, res.json().id))?.sendStatus === 'sent', 5000, 'sent')
  t.equal((await outbox(w))[0].quotedId, q.externalId)
  t.equal((await call(app, 'POST', `/messages/${tk.id}`, c.user.headers, { body: 'ok', quotedMsgId: q.id })).json().quotedMsg.id, q.id)

  const other = await createCompanyWithUsers(app)
  const foreign = await ticket(app, other.id, { whatsappId: null })
  const foreignMsg = await inbound(app, foreign, 'de outra empresa')
  const refused = await call(app, 'POST', `/messages/${tk.id}`, c.user.headers, { body: 'x', quotedMsgId: foreignMsg.id })
  t.equal(refused.statusCode, 404)
  t.equal(refused.json().error, 'ERR_NO_MESSAGE_FOUND', 'another company\'s message cannot be quoted')
})

t.test('multipart: an image with its caption, stored in the company\'s media and sent with its bytes', async (t) => {
  const w = await world()
  const { app, c } = w
  const other = await createCompanyWithUsers(app)
  const tk = await ticket(app, c.id, { whatsappId: w.whatsappId })
  const form = multipart([{ name: 'foto.png', data: PNG, mimetype: 'image/png' }], { body: 'Veja', fromMe: 'true' })
  const res = await app.inject({ method: 'POST', url: `/api/messages/${tk.id}`, headers: { ...c.user.headers, ...form.headers }, payload: form.payload })
  t.equal(res.statusCode, 201, res.body)
  const [m] = res.json()
  t.match(m, { mediaType: 'image', mediaName: 'foto.png', body: 'Veja', sendStatus: 'queued' })
  t.match(m.mediaUrl, /^\/api\/media\/[0-9a-f-]{36}\.png$/)
  const file = await app.inject({ method: 'GET', url: m.mediaUrl, headers: c.user.headers })
  t.equal(file.statusCode, 200)
  t.equal(file.headers['content-type'], 'image/png')
  t.same(file.rawPayload, PNG)
  t.equal((await app.inject({ method: 'GET', url: m.mediaUrl, headers: other.admin.headers })).statusCode, 404, 'another company cannot fetch it')
  await waitFor(async () => (await messageRow(app, c.id, m.id))?.sendStatus === 'sent', 5000, 'sent')
  t.match((await outbox(w))[0], { mediaType: 'image', fileName: 'foto.png', mediaSize: PNG.length, body: 'Veja' })
})

t.test('multipart: several files, one message each; audio carries no caption, so the text goes first', async (t) => {
  const w = await world({ startJobs: false })
  const { app, c } = w
  const tk = await ticket(app, c.id, { whatsappId: w.whatsappId })
  const form = multipart([{ name: 'a.mp3', data: Buffer.from('ID3 audio'), mimetype: 'audio/mpeg' }, { name: 'b.pdf', data: Buffer.from('%PDF'), mimetype: 'application/pdf' }], { body: 'Arquivos' })
  const res = await app.inject({ method: 'POST', url: `/api/messages/${tk.id}`, headers: { ...c.user.headers, ...form.headers }, payload: form.payload })
  t.equal(res.statusCode, 201, res.body)
  t.same(res.json().map((m: { mediaType: string; body: string }) => [m.mediaType, m.body]), [['audio', ''], ['application', 'Arquivos']], 'the caption on the document')
  const voice = multipart([{ name: 'v.mp3', data: Buffer.from('ID3 audio'), mimetype: 'audio/mpeg' }], { body: 'Ouça' })
  const res2 = await app.inject({ method: 'POST', url: `/api/messages/${tk.id}`, headers: { ...c.user.headers, ...voice.headers }, payload: voice.payload })
  t.same(res2.json().map((m: { mediaType: string; body: string }) => [m.mediaType, m.body]), [['chat', 'Ouça'], ['audio', '']])
})

t.test('refusals: empty message, closed ticket, other companies, hidden tickets, wrong content type', async (t) => {
  const w = await world()
  const { app, c } = w
  const tk = await ticket(app, c.id, { whatsappId: w.whatsappId })
  for (const body of [{}, { body: '' }, { body: '  \n ' }]) {
    const res = await call(app, 'POST', `/messages/${tk.id}`, c.user.headers, body)
    t.equal(res.statusCode, 400)
    t.equal(res.json().error, 'ERR_EMPTY_MESSAGE', JSON.stringify(body))
  }
  const form = multipart([], { body: ' ' })
  const empty = await app.inject({ method: 'POST', url: `/api/messages/${tk.id}`, headers: { ...c.user.headers, ...form.headers }, payload: form.payload })
  t.equal(empty.json().error, 'ERR_EMPTY_MESSAGE', 'multipart without files or text')
  t.equal((await call(app, 'POST', `/messages/${tk.id}`, c.user.headers, { body: 'x'.repeat(70000) })).json().error, 'ERR_VALIDATION')
  // Within the character limit but over the column's 64 KB (TEXT on MariaDB): refused, not a failed insert.
  t.equal((await call(app, 'POST', `/messages/${tk.id}`, c.user.headers, { body: '😀'.repeat(20000) })).json().error, 'ERR_VALIDATION')

  const closed = await ticket(app, c.id, { whatsappId: w.whatsappId, status: 'closed', contactId: (await contact(app, c.id)).id })
  const res = await call(app, 'POST', `/messages/${closed.id}`, c.user.headers, { body: 'ainda aí?' })
  t.equal(res.statusCode, 409)
  t.equal(res.json().error, 'ERR_TICKET_CLOSED')
  const stranded = await ticket(app, c.id, { whatsappId: null, contactId: (await contact(app, c.id)).id })
  const none = await call(app, 'POST', `/messages/${stranded.id}`, c.user.headers, { body: 'alguém aí?' })
  t.match({ status: none.statusCode, error: none.json().error }, { status: 404, error: 'ERR_NO_DEF_WAPP_FOUND' }, 'a ticket whose connection was deleted')

  const other = await createCompanyWithUsers(app)
  t.equal((await call(app, 'POST', `/messages/${tk.id}`, other.admin.headers, { body: 'intruso' })).json().error, 'ERR_NO_TICKET_FOUND')
  const [queueId] = await queueIds(app, c.admin.headers, 1)
  const hidden = await ticket(app, c.id, { whatsappId: w.whatsappId, queueId })
  const img = multipart([{ name: 'x.png', data: PNG, mimetype: 'image/png' }])
  const forbidden = await app.inject({ method: 'POST', url: `/api/messages/${hidden.id}`, headers: { ...c.user.headers, ...img.headers }, payload: img.payload })
  t.equal(forbidden.statusCode, 403)
  t.equal(forbidden.json().error, 'ERR_NO_PERMISSION')
  const text = await app.inject({ method: 'POST', url: `/api/messages/${tk.id}`, headers: { ...c.user.headers, 'content-type': 'text/plain' }, payload: 'oi' })
  t.equal(text.statusCode, 415)
  t.equal(await app.knex('messages').where({ companyId: c.id }).count({ n: '*' }).then((r) => Number(r[0].n)), 0, 'nothing stored by any refusal')
})
