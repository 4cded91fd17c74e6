import t from 'tap'
import { build, connect, createCompanyWithUsers } from '@zapdesk/plugin-api/testing'
import { call, contact, inMinutes, upload } from './test-helpers.ts'

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')

t.test('create, list with search and filters, show, change and delete a schedule; the spec\'s validation', async (t) => {
  const app = await build(t, { startJobs: false })
  const c = await createCompanyWithUsers(app)
  const ana = await contact(app, c.id, 'Ana Souza')
  const bruno = await contact(app, c.id, 'Bruno Lima')
  const created = await call(app, 'POST', '/schedules', c.user.headers, { body: '  Lembrete da consulta amanhã  ', contactId: ana.id, sendAt: inMinutes(60) })
  t.equal(created.statusCode, 201, created.body)
  t.match(created.json(), { body: 'Lembrete da consulta amanhã', contactId: ana.id, contact: { id: ana.id, name: 'Ana Souza' }, status: 'pending', sentAt: null, userId: c.user.id, mediaName: null })
  const id = created.json().id
  await call(app, 'POST', '/schedules', c.admin.headers, { body: 'Promoção de sexta', contactId: bruno.id, sendAt: inMinutes(120) })

  const refusals: Array<[object, number, string, string?]> = [
    [{ body: 'Oi', contactId: ana.id, sendAt: inMinutes(5) }, 400, 'ERR_VALIDATION', 'body'],
    [{ body: '  Oi    ', contactId: ana.id, sendAt: inMinutes(5) }, 400, 'ERR_VALIDATION', 'body'],
    [{ body: 'Olá, tudo bem?', sendAt: inMinutes(5) }, 400, 'ERR_VALIDATION'],
    [{ body: 'Olá, tudo bem?', contactId: ana.id }, 400, 'ERR_VALIDATION'],
    [{ body: 'Olá, tudo bem?', contactId: ana.id, sendAt: '2030-01-01 10:00' }, 400, 'ERR_VALIDATION'],
    [{ body: 'Olá, tudo bem?', contactId: ana.id, sendAt: inMinutes(-1) }, 400, 'ERR_SCHEDULE_PAST', 'sendAt'],
    [{ body: 'Olá, tudo bem?', contactId: 999999, sendAt: inMinutes(5) }, 404, 'ERR_NO_CONTACT_FOUND'],
  ]
  for (const [body, status, code, field] of refusals) {
    const res = await call(app, 'POST', '/schedules', c.user.headers, body)
    t.equal(res.statusCode, status, `refused: ${JSON.stringify(body).slice(0, 60)}`)
    t.equal(res.json().error, code)
    if (field) t.match(JSON.stringify(res.json().details), field, `on ${field}`)
  }
  t.match((await call(app, 'POST', '/schedules', c.user.headers, { body: 'Oi', contactId: ana.id, sendAt: inMinutes(5) })).json().details, [{ field: 'body/body', message: 'Mensagem muito curta' }], 'the spec\'s text')

  const all = (await call(app, 'GET', '/schedules', c.user.headers)).json()
  t.same(all.schedules.map((s: { body: string }) => s.body), ['Promoção de sexta', 'Lembrete da consulta amanhã'], 'latest send time first')
  t.equal(all.count, 2)
  t.equal(all.hasMore, false)
  const byBody = (await call(app, 'GET', '/schedules?searchParam=CONSULTA', c.user.headers)).json()
  t.same(byBody.schedules.map((s: { id: number }) => s.id), [id], 'search ignores case')
  t.same((await call(app, 'GET', '/schedules?searchParam=bruno', c.user.headers)).json().schedules.map((s: { contactId: number }) => s.contactId), [bruno.id], 'and finds by contact name')
  t.same((await call(app, 'GET', `/schedules?contactId=${ana.id}`, c.user.headers)).json().count, 1)
  t.same((await call(app, 'GET', `/schedules?userId=${c.admin.id}`, c.user.headers)).json().schedules.map((s: { contactId: number }) => s.contactId), [bruno.id])
  const window = (await call(app, 'GET', `/schedules?from=${encodeURIComponent(inMinutes(90))}&to=${encodeURIComponent(inMinutes(150))}`, c.user.headers)).json()
  t.same(window.schedules.map((s: { contactId: number }) => s.contactId), [bruno.id], 'the calendar\'s window')

  const edited = await call(app, 'PUT', `/schedules/${id}`, c.admin.headers, { body: 'Lembrete: consulta às 10h', contactId: bruno.id, sendAt: inMinutes(30) })
  t.equal(edited.statusCode, 200, edited.body)
  t.match(edited.json(), { body: 'Lembrete: consulta às 10h', contact: { name: 'Bruno Lima' } })
  t.equal((await call(app, 'PUT', `/schedules/${id}`, c.user.headers, { sendAt: inMinutes(-5) })).json().error, 'ERR_SCHEDULE_PAST')
  t.equal((await call(app, 'PUT', `/schedules/${id}`, c.user.headers, { body: 'Oi' })).json().error, 'ERR_VALIDATION')
  t.equal((await call(app, 'GET', `/schedules/${id}`, c.user.headers)).json().body, 'Lembrete: consulta às 10h', 'refusals change nothing')

  t.equal((await call(app, 'DELETE', `/schedules/${id}`, c.user.headers)).statusCode, 204)
  const gone = await call(app, 'GET', `/schedules/${id}`, c.user.headers)
  t.equal(gone.statusCode, 404)
  t.equal(gone.json().error, 'ERR_NO_SCHEDULE_FOUND')
  t.equal((await call(app, 'PUT', `/schedules/${id}`, c.user.headers, { body: 'Outra coisa' })).statusCode, 404)
  t.equal((await call(app, 'DELETE', `/schedules/${id}`, c.user.headers)).statusCode, 404)
})

t.test('a picture: .png/.jpg/.jpeg only, replaced and removed with its file; a sent schedule is locked', async (t) => {
  const app = await build(t, { startJobs: false })
  const c = await createCompanyWithUsers(app)
  const ana = await contact(app, c.id)
  const s = (await call(app, 'POST', '/schedules', c.user.headers, { body: 'Veja a foto do produto', contactId: ana.id, sendAt: inMinutes(60) })).json()
  const first = await upload(app, `/schedules/${s.id}/media-upload`, c.user.headers, 'produto.png', PNG)
  t.equal(first.statusCode, 200, first.body)
  t.match(first.json(), { mediaName: 'produto.png' })
  const firstPath = first.json().mediaPath
  t.ok(await app.storage.stat(c.id, firstPath), 'stored')
  const second = await upload(app, `/schedules/${s.id}/media-upload`, c.user.headers, 'produto.JPG', PNG)
  t.equal(second.json().mediaName, 'produto.JPG')
  t.notOk(await app.storage.stat(c.id, firstPath), 'the replaced picture is removed')
  const pdf = await upload(app, `/schedules/${s.id}/media-upload`, c.user.headers, 'tabela.pdf', PNG)
  t.equal(pdf.statusCode, 415)
  t.equal(pdf.json().error, 'ERR_UNSUPPORTED_MEDIA_TYPE')
  const cleared = await call(app, 'DELETE', `/schedules/${s.id}/media-upload`, c.user.headers)
  t.match(cleared.json(), { mediaPath: null, mediaName: null })
  t.notOk(await app.storage.stat(c.id, second.json().mediaPath), 'and the removed one too')

  // Sent: nothing of it changes any more (the spec: editable only while sentAt is empty).
  await app.knex('scheduledMessages').where({ id: s.id }).update({ status: 'sent', sentAt: new Date() })
  t.equal((await call(app, 'PUT', `/schedules/${s.id}`, c.user.headers, { body: 'Mudou de ideia' })).json().error, 'ERR_SCHEDULE_SENT')
  t.equal((await upload(app, `/schedules/${s.id}/media-upload`, c.user.headers, 'x.png', PNG)).json().error, 'ERR_SCHEDULE_SENT')
  t.equal((await call(app, 'DELETE', `/schedules/${s.id}/media-upload`, c.user.headers)).json().error, 'ERR_SCHEDULE_SENT')
  await app.knex('scheduledMessages').where({ id: s.id }).update({ status: 'sending', sentAt: null })
  t.equal((await call(app, 'PUT', `/schedules/${s.id}`, c.user.headers, { body: 'Mudou de ideia' })).json().error, 'ERR_SCHEDULE_SENDING', 'nor while it is being sent')
  t.equal((await call(app, 'DELETE', `/schedules/${s.id}`, c.user.headers)).json().error, 'ERR_SCHEDULE_SENDING')
  await app.knex('scheduledMessages').where({ id: s.id }).update({ status: 'failed', error: 'ERR_NO_DEF_WAPP_FOUND' })
  const retried = await call(app, 'PUT', `/schedules/${s.id}`, c.user.headers, { sendAt: inMinutes(10) })
  t.match(retried.json(), { status: 'pending', error: null }, 'a failed one is edited and waits again')
  await app.knex('scheduledMessages').where({ id: s.id }).update({ status: 'sent', sentAt: new Date() })
  t.equal((await call(app, 'DELETE', `/schedules/${s.id}`, c.user.headers)).statusCode, 204, 'a sent one leaves the list')
})

t.test('changes reach the company\'s users live; other companies hear nothing', async (t) => {
  const app = await build(t, { startJobs: false })
  const c = await createCompanyWithUsers(app)
  const other = await createCompanyWithUsers(app)
  const agent = await connect(app, c.user.token, t)
  const stranger = await connect(app, other.admin.token, t)
  const ana = await contact(app, c.id)
  const s = (await call(app, 'POST', '/schedules', c.admin.headers, { body: 'Bom dia, Ana!', contactId: ana.id, sendAt: inMinutes(60) })).json()
  await call(app, 'PUT', `/schedules/${s.id}`, c.admin.headers, { body: 'Bom dia, Ana!!' })
  await call(app, 'DELETE', `/schedules/${s.id}`, c.admin.headers)
  await agent.next((f) => f.event === `company-${c.id}-schedule` && f.data?.action === 'delete')
  await stranger.sync()
  t.same(agent.frames.filter((f) => f.event?.endsWith('-schedule')).map((f) => f.data?.action), ['create', 'update', 'delete'])
  t.match(agent.frames.find((f) => f.data?.action === 'update')?.data, { schedule: { id: s.id, body: 'Bom dia, Ana!!' } })
  t.match(agent.frames.find((f) => f.data?.action === 'delete')?.data, { scheduleId: s.id })
  t.equal(stranger.frames.filter((f) => f.event?.endsWith('-schedule')).length, 0)
})

t.test('deleting a contact deletes its schedules and their pictures; a plan without useSchedules gets 403', async (t) => {
  const app = await build(t, { startJobs: false })
  const c = await createCompanyWithUsers(app)
  const ana = await contact(app, c.id)
  const bruno = await contact(app, c.id, 'Bruno Lima')
  const s = (await call(app, 'POST', '/schedules', c.admin.headers, { body: 'Bom dia, Ana!', contactId: ana.id, sendAt: inMinutes(60) })).json()
  const kept = (await call(app, 'POST', '/schedules', c.admin.headers, { body: 'Bom dia, Bruno!', contactId: bruno.id, sendAt: inMinutes(60) })).json()
  const path = (await upload(app, `/schedules/${s.id}/media-upload`, c.admin.headers, 'foto.png', PNG)).json().mediaPath
  const agent = await connect(app, c.user.token, t)
  t.equal((await call(app, 'DELETE', `/contacts/${ana.id}`, c.admin.headers)).statusCode, 204)
  t.equal((await call(app, 'GET', `/schedules/${s.id}`, c.admin.headers)).statusCode, 404)
  t.equal((await call(app, 'GET', `/schedules/${kept.id}`, c.admin.headers)).statusCode, 200, 'other contacts\' stay')
  await agent.next((f) => f.event === `company-${c.id}-schedule` && f.data?.action === 'delete')
  t.notOk(await app.storage.stat(c.id, path), 'the picture is removed')

  // The seeded plans all carry useSchedules: one without it.
  await app.knex('plans').where({ name: 'Básico' }).update({ features: JSON.stringify(['useInternalChat']) })
  const basic = await createCompanyWithUsers(app, { planName: 'Básico' })
  const refused = await call(app, 'GET', '/schedules', basic.user.headers)
  t.equal(refused.statusCode, 403)
  t.equal(refused.json().error, 'ERR_FEATURE_DISABLED')
})
