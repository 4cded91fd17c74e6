import t from 'tap'
import { build, connect, createCompanyWithUsers } from '@zapdesk/plugin-api/testing'
import { call, outbox, sandboxConnection, waitFor } from '../test-helpers.ts'
import { CHECKED_MS } from './awaiting-watch.ts'
import { claimNext } from './claim.ts'
import { partId } from './message-id.ts'
import { prepareCampaign } from './prepare.ts'

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')
const past = () => new Date(Date.now() - 3 * 3600_000 - 1000).toISOString().slice(0, 19).replace('T', ' ')
const number = (i: number) => `55119${String(70_000_000 + i)}`
type App = Awaited<ReturnType<typeof build>>
type Headers = { authorization: string }

async function listOf(app: App, headers: Headers, n: number, extra: Array<{ name: string; number: string }> = []): Promise<number> {
  const list = (await call(app, 'POST', '/contact-lists', headers, { name: `Lista ${n}` })).json()
  for (let i = 0; i < n; i++) await call(app, 'POST', '/contact-list-items', headers, { name: `Cliente ${i}`, number: number(i), email: `c${i}@example.test`, contactListId: list.id })
  for (const e of extra) await call(app, 'POST', '/contact-list-items', headers, { ...e, contactListId: list.id })
  return list.id
}

async function status(app: App, headers: Headers, id: number) {
  return (await call(app, 'GET', `/campaigns/${id}`, headers)).json()
}

function attach(app: App, url: string, headers: Headers, fileName: string, data: Buffer, field = 'file') {
  const boundary = `----zd${Math.random().toString(16).slice(2)}`
  const payload = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: image/png\r\n\r\n`), data, Buffer.from(`\r\n--${boundary}--\r\n`)])
  return app.inject({ method: 'POST', url: `/api${url}`, headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload })
}

t.test('a campaign reaches each valid contact once: variants by turn, variables filled, its picture and the file list after', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const whatsappId = await sandboxConnection(app, c.admin.headers)
  await call(app, 'POST', '/campaign-settings', c.admin.headers, { settings: { messageInterval: 0, variables: [{ key: 'cupom', value: 'BF2026' }] } })
  const listId = await listOf(app, c.admin.headers, 12, [{ name: 'Fixo', number: '3333-4444' }])
  const files = (await call(app, 'POST', '/files', c.admin.headers, { name: 'Catálogo', message: 'Veja' })).json()
  await attach(app, `/files/uploadList/${files.id}`, c.admin.headers, 'catalogo.png', PNG, 'files')
  const admin = await connect(app, c.admin.token, t)
  const agent = await connect(app, c.user.token, t)
  const finishedEvents: unknown[] = []
  app.events.on('campaign.finished', (e) => { finishedEvents.push(e) })
  const created = (await call(app, 'POST', '/campaigns', c.admin.headers, {
    name: 'Black Friday', whatsappId, contactListId: listId, fileListId: files.id,
    message1: 'A: Olá {nome}, use {cupom}', message2: 'B: Oi {nome} ({numero})', message3: 'C: {nome}, {email} {desconhecida}',
  })).json()
  t.equal((await attach(app, `/campaigns/${created.id}/media-upload`, c.admin.headers, 'oferta.png', PNG)).statusCode, 200)
  const started = await call(app, 'PUT', `/campaigns/${created.id}`, c.admin.headers, { scheduledAt: past() })
  t.equal(started.json().status, 'PROGRAMADA')
  const done = await waitFor(async () => { const s = await status(app, c.admin.headers, created.id); return s.status === 'FINALIZADA' && s }, 20_000, 'FINALIZADA')
  t.match(done.report, { valid: 12, delivered: 12, failed: 0, remaining: 0 }, 'the number off WhatsApp is not a recipient')
  t.ok(done.completedAt, 'with its completion time')
  // Emitted once the finished campaign's tally is read, just after its status shows: waited for, not assumed.
  await waitFor(async () => finishedEvents.length > 0, 5_000, 'campaign.finished')
  await app.events.idle()
  t.same(finishedEvents, [{ companyId: c.id, campaignId: created.id, name: 'Black Friday', completedAt: new Date(done.completedAt).toISOString(), delivered: 12, failed: 0, total: 12 }],
    'campaign.finished once, with its tally (for webhooks)')
  const sent = await outbox(app, c.admin.headers, whatsappId)
  t.equal(sent.length, 24, 'two messages each: the text on the picture, then the list\'s file')
  for (let i = 0; i < 12; i++) {
    const mine = sent.filter((m) => m.to === `${number(i)}@s.whatsapp.net`)
    t.equal(mine.length, 2, `Cliente ${i}: once`)
    t.match(mine[0], { mediaType: 'image', fileName: 'oferta.png' })
    t.match(mine[1], { mediaType: 'image', fileName: 'catalogo.png', body: null })
  }
  const captions = sent.filter((m) => m.fileName === 'oferta.png').map((m) => m.body!)
  t.same(['A', 'B', 'C'].map((v) => captions.filter((b) => b.startsWith(`${v}:`)).length), [4, 4, 4], 'the variants by turn')
  t.ok(captions.includes(`A: Olá Cliente 0, use BF2026`), 'the company\'s variable')
  t.ok(captions.includes(`B: Oi Cliente 1 (${number(1)})`))
  t.ok(captions.includes(`C: Cliente 2, c2@example.test {desconhecida}`), 'an unknown placeholder stays')
  await admin.next((f) => f.event === `company-${c.id}-campaign` && f.data?.action === 'update' && (f.data.record as { status: string }).status === 'FINALIZADA')
  const progress = await admin.next((f) => f.event === `company-${c.id}-campaign` && f.data?.action === 'progress')
  t.match(progress.data, { id: created.id, report: { valid: 12 } }, 'admins see the progress live')
  await agent.sync()
  t.equal(agent.frames.filter((f) => f.event?.endsWith('-campaign')).length, 0, 'agents do not')
})

t.test('the pacing holds per connection: messageInterval between sends, greaterInterval after every longerIntervalAfter', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const whatsappId = await sandboxConnection(app, c.admin.headers)
  // The session down: the background sender leaves the rows alone, and this test claims them itself.
  await call(app, 'DELETE', `/whatsappsession/${whatsappId}`, c.admin.headers)
  const saved = await call(app, 'POST', '/campaign-settings', c.admin.headers, { settings: { messageInterval: 5, longerIntervalAfter: 5, greaterInterval: 30 } })
  t.equal(saved.statusCode, 200)
  const listId = await listOf(app, c.admin.headers, 6)
  const campaign = (await call(app, 'POST', '/campaigns', c.admin.headers, { name: 'Ritmo', whatsappId, contactListId: listId, message1: 'Oi' })).json()
  await app.knex('campaigns').where({ id: campaign.id }).update({ status: 'EM_ANDAMENTO' })
  t.equal(await prepareCampaign(app, c.id, campaign.id), 6)
  t.equal(await prepareCampaign(app, c.id, campaign.id), 0, 'prepared once')
  const t0 = Date.now() + 60_000
  const first = await claimNext(app, c.id, whatsappId, t0)
  t.ok('claimed' in first, 'the first goes at once')
  if ('claimed' in first) t.match(first.claimed.row, { state: 'sending', attempts: 1, externalId: /^3EB0[0-9A-F]{16}$/ }, 'claimed with its message id fixed')
  t.match(await claimNext(app, c.id, whatsappId, t0 + 1000), { waitMs: 4000 }, 'the next waits messageInterval')
  for (const at of [5000, 10_000, 15_000, 20_000]) t.ok('claimed' in (await claimNext(app, c.id, whatsappId, t0 + at)), `then one every 5 s (${at / 1000} s)`)
  t.match(await claimNext(app, c.id, whatsappId, t0 + 21_000), { waitMs: 29_000 }, 'after 5 sends, greaterInterval')
  t.ok('claimed' in (await claimNext(app, c.id, whatsappId, t0 + 50_000)))
  t.match(await claimNext(app, c.id, whatsappId, t0 + 55_000), { idle: true }, 'nobody left')
  t.equal((await app.knex('campaignShipping').where({ campaignId: campaign.id, state: 'sending' })).length, 6)
})

t.test('after a crash nobody gets a message twice: a claim that sent is recorded, one that did not is sent', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const whatsappId = await sandboxConnection(app, c.admin.headers)
  await call(app, 'DELETE', `/whatsappsession/${whatsappId}`, c.admin.headers)
  await call(app, 'POST', '/campaign-settings', c.admin.headers, { settings: { messageInterval: 0 } })
  const listId = await listOf(app, c.admin.headers, 3)
  const campaign = (await call(app, 'POST', '/campaigns', c.admin.headers, { name: 'Queda', whatsappId, contactListId: listId, message1: 'Oi {nome}' })).json()
  await app.knex('campaigns').where({ id: campaign.id }).update({ status: 'EM_ANDAMENTO' })
  await prepareCampaign(app, c.id, campaign.id)
  const rows = await app.knex('campaignShipping').where({ campaignId: campaign.id }).orderBy('id')
  // Two workers died mid-send two hours ago: the first after WhatsApp took its message, the second before.
  const longAgo = new Date(Date.now() - 2 * 3600_000)
  await app.knex('campaignShipping').where({ id: rows[0].id }).update({ state: 'sending', externalId: '3EB0AAAAAAAAAAAAAAAA', claimedAt: longAgo, attempts: 1 })
  await app.knex('campaignShipping').where({ id: rows[1].id }).update({ state: 'sending', externalId: '3EB0BBBBBBBBBBBBBBBB', claimedAt: longAgo, attempts: 1 })
  await call(app, 'POST', `/whatsappsession/${whatsappId}`, c.admin.headers)
  await waitFor(async () => (await call(app, 'GET', `/whatsapp/${whatsappId}`, c.admin.headers)).json().status === 'CONNECTED')
  await app.channels.sendToNumber(c.id, whatsappId, rows[0].number, { body: rows[0].message, id: partId('3EB0AAAAAAAAAAAAAAAA', 0) })
  const done = await waitFor(async () => { const s = await status(app, c.admin.headers, campaign.id); return s.status === 'FINALIZADA' && s }, 20_000, 'FINALIZADA')
  t.match(done.report, { valid: 3, delivered: 3 })
  const sent = await outbox(app, c.admin.headers, whatsappId)
  t.same(rows.map((r) => sent.filter((m) => m.to === `${r.number}@s.whatsapp.net`).length), [1, 1, 1], 'one message each')
  t.equal(sent.find((m) => m.to === `${rows[1].number}@s.whatsapp.net`)?.externalId, partId('3EB0BBBBBBBBBBBBBBBB', 0), 'under the id chosen before the crash')
  const shipped = await app.knex('campaignShipping').where({ campaignId: campaign.id }).orderBy('id')
  t.same(shipped.map((r) => [r.state, r.attempts]), [['delivered', 2], ['delivered', 2], ['delivered', 1]])
})

t.test('confirmation: the request goes first; a reply confirms and brings the message', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const whatsappId = await sandboxConnection(app, c.admin.headers)
  await call(app, 'POST', '/campaign-settings', c.admin.headers, { settings: { messageInterval: 0 } })
  const listId = await listOf(app, c.admin.headers, 2)
  const campaign = (await call(app, 'POST', '/campaigns', c.admin.headers, {
    name: 'Confirma', whatsappId, contactListId: listId, confirmation: true, message1: 'Aqui está sua oferta, {nome}', confirmationMessage1: '{nome}, responda para receber a oferta',
    scheduledAt: past(),
  })).json()
  const asked = await waitFor(async () => { const s = await status(app, c.admin.headers, campaign.id); return s.report.confirmationRequested === 2 && s }, 20_000, 'requests')
  t.match(asked.report, { valid: 2, confirmationRequested: 2, confirmed: 0, delivered: 0 })
  t.same((await outbox(app, c.admin.headers, whatsappId)).map((m) => m.body), ['Cliente 0, responda para receber a oferta', 'Cliente 1, responda para receber a oferta'])
  await waitFor(async () => (await status(app, c.admin.headers, campaign.id)).status === 'FINALIZADA', 20_000, 'finished while waiting for replies')
  const reply = await call(app, 'POST', `/sandbox/${whatsappId}/messages`, c.admin.headers, { from: number(1), name: 'Cliente 1', body: 'Sim!' })
  t.equal(reply.statusCode, 201)
  const done = await waitFor(async () => { const s = await status(app, c.admin.headers, campaign.id); return s.report.delivered === 1 && s }, 20_000, 'the confirmed message')
  t.match(done.report, { confirmationRequested: 2, confirmed: 1, delivered: 1 })
  const last = (await outbox(app, c.admin.headers, whatsappId)).at(-1)!
  t.match(last, { to: `${number(1)}@s.whatsapp.net`, body: 'Aqui está sua oferta, Cliente 1' })
})

t.test('a connection going down pauses its campaigns (still running, the report says why); back up, they go on', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const whatsappId = await sandboxConnection(app, c.admin.headers)
  await call(app, 'POST', '/campaign-settings', c.admin.headers, { settings: { messageInterval: 0 } })
  const listId = await listOf(app, c.admin.headers, 3)
  await call(app, 'DELETE', `/whatsappsession/${whatsappId}`, c.admin.headers)
  const campaign = (await call(app, 'POST', '/campaigns', c.admin.headers, { name: 'Pausa', whatsappId, contactListId: listId, message1: 'Oi', scheduledAt: past() })).json()
  const paused = await waitFor(async () => { const s = await status(app, c.admin.headers, campaign.id); return s.pausedReason && s }, 20_000, 'paused')
  t.match(paused, { status: 'EM_ANDAMENTO', pausedReason: 'ERR_WAPP_NOT_INITIALIZED', report: { valid: 3, delivered: 0 } })
  await call(app, 'POST', `/whatsappsession/${whatsappId}`, c.admin.headers)
  const done = await waitFor(async () => { const s = await status(app, c.admin.headers, campaign.id); return s.status === 'FINALIZADA' && s }, 20_000, 'resumed and finished')
  t.match(done, { pausedReason: null, report: { delivered: 3 } })
})

t.test('cancel stops sending; restart goes on with the recipients not yet sent to', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const whatsappId = await sandboxConnection(app, c.admin.headers)
  await call(app, 'POST', '/campaign-settings', c.admin.headers, { settings: { messageInterval: 20 } })
  const listId = await listOf(app, c.admin.headers, 3)
  const campaign = (await call(app, 'POST', '/campaigns', c.admin.headers, { name: 'Para', whatsappId, contactListId: listId, message1: 'Oi', scheduledAt: past() })).json()
  await waitFor(async () => (await status(app, c.admin.headers, campaign.id)).report.delivered === 1, 20_000, 'the first send')
  t.equal((await call(app, 'POST', `/campaigns/${campaign.id}/cancel`, c.admin.headers)).json().status, 'CANCELADA')
  await app.knex('campaignPacing').where({ whatsappId }).update({ nextAt: new Date(Date.now() - 1000) })
  await new Promise((r) => setTimeout(r, 1500))
  t.equal((await outbox(app, c.admin.headers, whatsappId)).length, 1, 'nothing more while cancelled')
  await call(app, 'POST', '/campaign-settings', c.admin.headers, { settings: { messageInterval: 0 } })
  t.equal((await call(app, 'POST', `/campaigns/${campaign.id}/restart`, c.admin.headers)).json().status, 'EM_ANDAMENTO')
  await waitFor(async () => (await status(app, c.admin.headers, campaign.id)).status === 'FINALIZADA', 30_000, 'finished')
  t.equal((await outbox(app, c.admin.headers, whatsappId)).length, 3, 'the other two, once each')
})

t.test('replies cost a shipping lookup only where a confirmation can match; a request right after a check is still heard', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const whatsappId = await sandboxConnection(app, c.admin.headers)
  // The reply checks (the sender's own sweeps also read campaign_shipping, never for 'awaiting' rows).
  const lookups: string[] = []
  const count = (q: { sql: string; bindings?: unknown[] }) => void (/^select/i.test(q.sql) && q.sql.includes('campaign_shipping') && q.bindings?.includes('awaiting') && lookups.push(q.sql))
  app.knex.on('query', count)
  const started = Date.now()
  for (let i = 0; i < 5; i++) {
    t.equal((await call(app, 'POST', `/sandbox/${whatsappId}/messages`, c.admin.headers, { from: number(50 + i), name: `Outro ${i}`, body: `oi ${i}` })).statusCode, 201)
    await app.events.idle()
  }
  app.knex.off('query', count)
  // One check per CHECKED_MS at most (a slow machine may spend more than that on five messages).
  const allowed = 1 + Math.floor((Date.now() - started) / CHECKED_MS)
  t.ok(lookups.length >= 1 && lookups.length <= allowed, `five replies on a connection nobody awaits: ${lookups.length} check(s), at most ${allowed}, not one per message`)

  await call(app, 'POST', '/campaign-settings', c.admin.headers, { settings: { messageInterval: 0 } })
  const listId = await listOf(app, c.admin.headers, 1)
  const campaign = (await call(app, 'POST', '/campaigns', c.admin.headers, {
    name: 'Logo após', whatsappId, contactListId: listId, confirmation: true, message1: 'Oferta', confirmationMessage1: 'Responda para receber', scheduledAt: past(),
  })).json()
  await waitFor(async () => (await status(app, c.admin.headers, campaign.id)).report.confirmationRequested === 1, 20_000, 'the request')
  await call(app, 'POST', `/sandbox/${whatsappId}/messages`, c.admin.headers, { from: number(0), name: 'Cliente 0', body: 'Sim' })
  const done = await waitFor(async () => { const s = await status(app, c.admin.headers, campaign.id); return s.report.delivered === 1 && s }, 20_000, 'the confirmed message')
  t.match(done.report, { confirmed: 1, delivered: 1 })
})
