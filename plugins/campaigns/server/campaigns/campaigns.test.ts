import t from 'tap'
import { build, createCompanyWithUsers, writeSetting } from '@zapdesk/plugin-api/testing'
import { call, sandboxConnection } from '../test-helpers.ts'

/** 'YYYY-MM-DD HH:mm:ss' in São Paulo (the companies' default timezone, UTC-3) for an instant. */
const saoPaulo = (ms: number) => new Date(ms - 3 * 3600_000).toISOString().slice(0, 19).replace('T', ' ')

async function setup(t: Parameters<typeof build>[0]) {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const whatsappId = await sandboxConnection(app, c.admin.headers)
  const list = (await call(app, 'POST', '/contact-lists', c.admin.headers, { name: 'Clientes' })).json()
  return { app, c, whatsappId, list }
}

t.test('a draft is INATIVA; a schedule makes it PROGRAMADA once it is complete; the spec\'s empty strings are null', async (t) => {
  const { app, c, whatsappId, list } = await setup(t)
  for (const name of ['', 'a', 'x'.repeat(51)]) t.equal((await call(app, 'POST', '/campaigns', c.admin.headers, { name })).json().error, 'ERR_VALIDATION')
  const draft = await call(app, 'POST', '/campaigns', c.admin.headers, { name: 'Black Friday', message1: '', message2: null, scheduledAt: '', whatsappId: null, contactListId: null, tagListId: 'Nenhuma', fileListId: null, companyId: c.id, status: 'FINALIZADA' })
  t.equal((await call(app, 'POST', '/campaigns', c.admin.headers, { name: 'Nulos', tagListId: null, scheduledAt: null, mediaPath: null })).statusCode, 201, 'nulls as the web sends them')
  t.equal(draft.statusCode, 201, draft.body)
  t.match(draft.json(), { name: 'Black Friday', status: 'INATIVA', message1: '', scheduledAt: null, whatsappId: null, tagListId: null, report: { valid: 0 } })
  const id = draft.json().id
  const incomplete = await call(app, 'PUT', `/campaigns/${id}`, c.admin.headers, { scheduledAt: saoPaulo(Date.now() + 3 * 3600_000) })
  t.equal(incomplete.json().error, 'ERR_VALIDATION')
  t.same(incomplete.json().details.map((d: { field: string }) => d.field), ['whatsappId', 'contactListId', 'message1'], 'says what a schedule needs')
  const at = Date.now() + 3 * 3600_000
  const scheduled = await call(app, 'PUT', `/campaigns/${id}`, c.admin.headers, { message1: 'Olá {nome}!', whatsappId, contactListId: list.id, scheduledAt: saoPaulo(at) })
  t.match(scheduled.json(), { status: 'PROGRAMADA', contactList: { id: list.id, name: 'Clientes' }, whatsapp: { id: whatsappId } })
  t.equal(new Date(scheduled.json().scheduledAt).getTime() / 1000, Math.floor(at / 1000), 'the local time is read in the company\'s timezone')
  t.equal((await call(app, 'PUT', `/campaigns/${id}`, c.admin.headers, { scheduledAt: '2026-02-30 10:00:00' })).json().error, 'ERR_VALIDATION')
  const unscheduled = await call(app, 'PUT', `/campaigns/${id}`, c.admin.headers, { scheduledAt: null })
  t.equal(unscheduled.json().status, 'INATIVA', 'taking the schedule away makes it a draft again')
  const confirm = await call(app, 'PUT', `/campaigns/${id}`, c.admin.headers, { confirmation: true, scheduledAt: saoPaulo(at) })
  t.same(confirm.json().details?.map((d: { field: string }) => d.field), ['confirmationMessage1'], 'confirmation needs its message')
  const list2 = await call(app, 'GET', '/campaigns?searchParam=black', c.admin.headers)
  t.match(list2.json(), { records: [{ id, name: 'Black Friday' }], count: 1, hasMore: false })
})

t.test('the edit lock: under an hour ahead, running and finished campaigns are read-only; cancelled ones take changes', async (t) => {
  const { app, c, whatsappId, list } = await setup(t)
  const base = { message1: 'Oi {nome}', whatsappId, contactListId: list.id }
  const soon = (await call(app, 'POST', '/campaigns', c.admin.headers, { name: 'Logo', ...base, scheduledAt: saoPaulo(Date.now() + 30 * 60_000) })).json()
  t.equal(soon.status, 'PROGRAMADA')
  const locked = await call(app, 'PUT', `/campaigns/${soon.id}`, c.admin.headers, { message1: 'Mudou' })
  t.equal(locked.statusCode, 409)
  t.equal(locked.json().error, 'ERR_CAMPAIGN_LOCKED')
  t.equal((await call(app, 'DELETE', `/campaigns/${soon.id}/media-upload`, c.admin.headers)).json().error, 'ERR_CAMPAIGN_LOCKED')
  const cancelled = await call(app, 'POST', `/campaigns/${soon.id}/cancel`, c.admin.headers)
  t.equal(cancelled.json().status, 'CANCELADA', 'a scheduled campaign can be stopped')
  const edited = await call(app, 'PUT', `/campaigns/${soon.id}`, c.admin.headers, { message1: 'Mudou', scheduledAt: saoPaulo(Date.now() + 10 * 60_000) })
  t.match(edited.json(), { status: 'CANCELADA', message1: 'Mudou' }, 'a cancelled campaign takes changes and stays cancelled')
  t.equal((await call(app, 'POST', `/campaigns/${soon.id}/cancel`, c.admin.headers)).json().error, 'ERR_CAMPAIGN_NOT_RUNNING')
  const draft = (await call(app, 'POST', '/campaigns', c.admin.headers, { name: 'Rascunho' })).json()
  t.equal((await call(app, 'POST', `/campaigns/${draft.id}/restart`, c.admin.headers)).json().error, 'ERR_CAMPAIGN_NOT_CANCELLED')
  const far = (await call(app, 'POST', '/campaigns', c.admin.headers, { name: 'Longe', ...base, scheduledAt: saoPaulo(Date.now() + 2 * 3600_000) })).json()
  t.equal((await call(app, 'PUT', `/campaigns/${far.id}`, c.admin.headers, { name: 'Longe 2' })).json().name, 'Longe 2', 'two hours ahead is editable')
})

t.test('ids of other companies, and of nothing, are refused as absent', async (t) => {
  const { app, c, list } = await setup(t)
  const other = await createCompanyWithUsers(app)
  const theirs = await sandboxConnection(app, other.admin.headers)
  const theirList = (await call(app, 'POST', '/contact-lists', other.admin.headers, { name: 'Deles' })).json()
  const theirTag = (await call(app, 'POST', '/tags', other.admin.headers, { name: 'Deles', color: '#123456' })).json()
  const theirFiles = (await call(app, 'POST', '/files', other.admin.headers, { name: 'Deles', message: 'x' })).json()
  for (const [field, id, code] of [['whatsappId', theirs, 'ERR_NO_WAPP_FOUND'], ['contactListId', theirList.id, 'ERR_NO_CONTACT_LIST_FOUND'], ['tagListId', theirTag.id, 'ERR_NO_TAG_FOUND'], ['fileListId', theirFiles.id, 'ERR_NO_FILE_FOUND']] as const) {
    const res = await call(app, 'POST', '/campaigns', c.admin.headers, { name: 'Intrusa', [field]: id })
    t.equal(res.statusCode, 404, field)
    t.equal(res.json().error, code)
  }
  t.equal((await call(app, 'POST', '/campaigns', c.admin.headers, { name: 'Minha', contactListId: list.id })).statusCode, 201)
  t.equal((await app.knex('campaigns').where({ name: 'Intrusa' })).length, 0, 'nothing half-written')
})

t.test('the plan\'s useCampaigns and the company\'s campaignsEnabled gate every route; agents are refused', async (t) => {
  const app = await build(t)
  const basic = await createCompanyWithUsers(app, { planName: 'Básico' })
  for (const url of ['/campaigns', '/contact-lists', '/campaign-settings']) {
    t.equal((await call(app, 'GET', url, basic.admin.headers)).json().error, 'ERR_FEATURE_DISABLED', `${url}: not in the plan`)
  }
  const pro = await createCompanyWithUsers(app)
  t.equal((await call(app, 'GET', '/campaigns', pro.admin.headers)).statusCode, 200)
  t.equal((await call(app, 'GET', '/campaigns', pro.user.headers)).json().error, 'ERR_NO_PERMISSION')
  await writeSetting(app, pro.id, 'campaignsEnabled', 'false')
  t.equal((await call(app, 'GET', '/campaigns', pro.admin.headers)).json().error, 'ERR_FEATURE_DISABLED', 'switched off by the company')
  t.notOk((await call(app, 'GET', '/auth/me', pro.admin.headers)).json().user?.features?.includes('useCampaigns'))
})

t.test('campaign settings: the spec\'s defaults and option lists, custom variables', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const read = async () => Object.fromEntries((await call(app, 'GET', '/campaign-settings', c.admin.headers)).json().map((e: { key: string; value: string }) => [e.key, JSON.parse(e.value)]))
  t.same(await read(), { messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60, variables: [] })
  const saved = await call(app, 'POST', '/campaign-settings', c.admin.headers, { settings: { messageInterval: 5, greaterInterval: 120, variables: [{ key: 'cupom', value: 'BF2026' }] } })
  t.equal(saved.statusCode, 200, saved.body)
  t.same(await read(), { messageInterval: 5, longerIntervalAfter: 20, greaterInterval: 120, variables: [{ key: 'cupom', value: 'BF2026' }] })
  for (const settings of [{ messageInterval: 7 }, { greaterInterval: 121 }, { variables: [{ key: 'com espaço', value: 'x' }] }, { variables: [{ key: 'a', value: '1' }, { key: 'A', value: '2' }] }, { variables: [{ key: 'Nome', value: 'x' }] }]) {
    t.equal((await call(app, 'POST', '/campaign-settings', c.admin.headers, { settings })).json().error, 'ERR_VALIDATION', JSON.stringify(settings))
  }
  const other = await createCompanyWithUsers(app)
  t.same((await call(app, 'GET', '/campaign-settings', other.admin.headers)).json().find((e: { key: string }) => e.key === 'messageInterval').value, '20', 'each company its own')
})

t.test('what a campaign names may be deleted: a file list or tag is detached, a connection stops its campaigns', async (t) => {
  const { app, c, whatsappId, list } = await setup(t)
  const files = (await call(app, 'POST', '/files', c.admin.headers, { name: 'Catálogo', message: 'Veja' })).json()
  const tag = (await call(app, 'POST', '/tags', c.admin.headers, { name: 'Clientes VIP', color: '#123456' })).json()
  const scheduled = (await call(app, 'POST', '/campaigns', c.admin.headers, {
    name: 'Anexos', whatsappId, contactListId: list.id, tagListId: tag.id, fileListId: files.id, message1: 'Oi', scheduledAt: saoPaulo(Date.now() + 5 * 3600_000),
  })).json()
  t.match(scheduled, { status: 'PROGRAMADA', fileListId: files.id, tagListId: tag.id })
  t.equal((await call(app, 'DELETE', `/files/${files.id}`, c.admin.headers)).statusCode, 204)
  t.ok((await call(app, 'DELETE', `/tags/${tag.id}`, c.admin.headers)).statusCode < 300)
  await app.events.idle()
  t.match((await call(app, 'GET', `/campaigns/${scheduled.id}`, c.admin.headers)).json(), { fileListId: null, tagListId: null, status: 'PROGRAMADA' })
  t.ok((await call(app, 'DELETE', `/whatsapp/${whatsappId}`, c.admin.headers)).statusCode < 300)
  t.match((await call(app, 'GET', `/campaigns/${scheduled.id}`, c.admin.headers)).json(), { whatsappId: null, status: 'CANCELADA' }, 'nothing is left to send it')
})
