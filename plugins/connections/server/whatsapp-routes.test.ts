import t from 'tap'
import { build } from '@zapdesk/plugin-api/testing'
import { createCompanyWithUsers } from '@zapdesk/plugin-api/testing'
import { call, queueIds, sandboxConnection } from './test-helpers.ts'

const sandbox = (over: Record<string, unknown> = {}) => ({ name: 'Atendimento', provider: 'sandbox', ...over })

t.test('POST /whatsapp: spec defaults, first connection is the default, session starts', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const res = await call(app, 'POST', '/whatsapp', c.admin.headers, sandbox({ name: '  Atendimento  ' }))
  t.equal(res.statusCode, 201, res.body)
  t.match(res.json(), {
    id: Number, companyId: c.id, name: 'Atendimento', provider: 'sandbox', isDefault: true, default: true, greetingMessage: '', complationMessage: '',
    outOfHoursMessage: '', ratingMessage: '', hasToken: false, expiresTicket: 0, expiresInactiveMessage: '', timeUseBotQueues: 0, maxUseBotQueues: 3,
    transferQueueId: null, promptId: null, timeToTransfer: null, queueIds: [], queues: [], retries: 0, qrcode: '', status: 'CONNECTED',
  })
  const beta = await call(app, 'POST', '/whatsapp', c.admin.headers, { name: 'Celular' })
  t.equal(beta.statusCode, 201)
  t.equal(beta.json().provider, 'beta', 'Baileys is the default provider')
  t.equal(beta.json().isDefault, false, 'the second connection is not the default')
})

t.test('fields round-trip; GET list and show; a token typed in is ignored (the server makes them)', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const [q1, q2, q3] = await queueIds(app, c.admin.headers, 3)
  const full = {
    name: 'Vendas', provider: 'sandbox', greetingMessage: 'Olá {{name}}', complationMessage: 'Tchau', outOfHoursMessage: 'Fechado', ratingMessage: 'Nota?',
    expiresTicket: 24, expiresInactiveMessage: 'Encerrado', timeUseBotQueues: 5, maxUseBotQueues: 2, transferQueueId: q3, promptId: null,
    timeToTransfer: 30, queueIds: [q1, q2], isDefault: true,
  }
  const res = await call(app, 'POST', '/whatsapp', c.admin.headers, { ...full, token: 'tok-123' })
  t.equal(res.statusCode, 201, res.body)
  const created = res.json()
  const { queueIds: _, ...rest } = full
  t.match(created, { ...rest, hasToken: false, queueIds: [q1, q2], queues: [{ id: q1 }, { id: q2 }] })
  t.notOk('token' in created, 'no token field: the DTO says only whether one is set')
  await sandboxConnection(app, c.admin.headers, { name: 'Anexo' })

  const list = await call(app, 'GET', '/whatsapp?session=0', c.user.headers)
  t.equal(list.statusCode, 200)
  t.same(list.json().map((w: { name: string }) => w.name), ['Anexo', 'Vendas'], 'ordered by name, for agents too')
  t.notOk('token' in (await call(app, 'GET', `/whatsapp?companyId=${c.id}`, c.admin.headers)).json()[1], 'not even for admins')
  const one = await call(app, 'GET', `/whatsapp/${created.id}?session=0`, c.user.headers)
  t.equal(one.statusCode, 200)
  t.equal(one.json().name, 'Vendas')
  t.equal((await call(app, 'GET', '/whatsapp/999999', c.admin.headers)).json().error, 'ERR_NO_WAPP_FOUND')
  t.same((await call(app, 'GET', '/whatsapp/providers', c.user.headers)).json(), [{ provider: 'beta', label: 'WhatsApp' }, { provider: 'sandbox', label: 'Sandbox (simulated phone)' }])
})

t.test('PUT /whatsapp/:id updates fields and queues; blank texts are emptied', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const [q1, q2] = await queueIds(app, c.admin.headers, 2)
  const w = await sandboxConnection(app, c.admin.headers, { greetingMessage: 'Oi', queueIds: [q1] })
  const res = await call(app, 'PUT', `/whatsapp/${w.id}`, c.admin.headers, { name: 'Renomeada', greetingMessage: 'Escolha:', queueIds: [q1, q2, q2], maxUseBotQueues: 5 })
  t.equal(res.statusCode, 200, res.body)
  t.match(res.json(), { name: 'Renomeada', greetingMessage: 'Escolha:', queueIds: [q1, q2], hasToken: false, maxUseBotQueues: 5, status: 'CONNECTED' })
  const cleared = await call(app, 'PUT', `/whatsapp/${w.id}`, c.admin.headers, { queueIds: [], greetingMessage: '' })
  t.match(cleared.json(), { queueIds: [], greetingMessage: '' })
})

t.test('at least one default: moves on set, refused on unset of the only default, handed over on delete', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const a = await sandboxConnection(app, c.admin.headers, { name: 'Alfa' })
  const b = await sandboxConnection(app, c.admin.headers, { name: 'Bravo' })
  const defaults = async () => (await call(app, 'GET', '/whatsapp', c.admin.headers)).json().filter((w: { isDefault: boolean }) => w.isDefault).map((w: { name: string }) => w.name)
  t.same(await defaults(), ['Alfa'])
  const unset = await call(app, 'PUT', `/whatsapp/${a.id}`, c.admin.headers, { isDefault: false })
  t.equal(unset.statusCode, 400)
  t.equal(unset.json().error, 'ERR_NO_OTHER_WHATSAPP')
  t.equal((await call(app, 'PUT', `/whatsapp/${b.id}`, c.admin.headers, { isDefault: false })).statusCode, 200, 'unsetting a non-default is a no-op')
  t.equal((await call(app, 'PUT', `/whatsapp/${b.id}`, c.admin.headers, { isDefault: true })).statusCode, 200)
  t.same(await defaults(), ['Bravo'], 'setting another default moves it')
  const created = await call(app, 'POST', '/whatsapp', c.admin.headers, sandbox({ name: 'Charlie', isDefault: true }))
  t.same(await defaults(), ['Charlie'], 'a new default takes it over')
  t.equal((await call(app, 'DELETE', `/whatsapp/${created.json().id}`, c.admin.headers)).statusCode, 200)
  t.same(await defaults(), ['Alfa'], 'deleting the default hands it to the oldest remaining connection')
  await call(app, 'DELETE', `/whatsapp/${a.id}`, c.admin.headers)
  await call(app, 'DELETE', `/whatsapp/${b.id}`, c.admin.headers)
  t.same((await call(app, 'GET', '/whatsapp', c.admin.headers)).json(), [], 'the last connection may go')
  t.equal((await call(app, 'POST', '/whatsapp', c.admin.headers, sandbox({ isDefault: false }))).json().isDefault, true, 'and the next one is the default again')
})

t.test('greeting required with more than one queue', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const [q1, q2] = await queueIds(app, c.admin.headers, 2)
  const refused = await call(app, 'POST', '/whatsapp', c.admin.headers, sandbox({ queueIds: [q1, q2] }))
  t.equal(refused.statusCode, 400)
  t.equal(refused.json().error, 'ERR_WAPP_GREETING_REQUIRED')
  t.equal((await call(app, 'POST', '/whatsapp', c.admin.headers, sandbox({ queueIds: [q1, q2], greetingMessage: '   ' }))).json().error, 'ERR_WAPP_GREETING_REQUIRED', 'blank is no greeting')
  t.equal((await call(app, 'POST', '/whatsapp', c.admin.headers, sandbox({ queueIds: [q1, q1] }))).statusCode, 201, 'one queue (repeated) needs none')
  const w = await sandboxConnection(app, c.admin.headers, { queueIds: [q1, q2], greetingMessage: 'Menu' })
  t.equal((await call(app, 'PUT', `/whatsapp/${w.id}`, c.admin.headers, { greetingMessage: '' })).json().error, 'ERR_WAPP_GREETING_REQUIRED', 'removing the greeting of a menu')
  t.equal((await call(app, 'PUT', `/whatsapp/${w.id}`, c.admin.headers, { queueIds: [q1], greetingMessage: '' })).statusCode, 200)
})

t.test('the queues and prompts plugins validate their ids through hooks', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  await app.ready()
  const { AppError } = await import('@zapdesk/plugin-api')
  app.channels.queueHooks.validate = async (_companyId, ids) => {
    if (ids.includes(666)) throw new AppError('ERR_VALIDATION', 400, [{ field: 'body/queueIds' }])
  }
  // Queue 9 "was deleted": the queues plugin no longer describes it.
  app.channels.queueHooks.describe = async (_companyId, ids) => new Map(ids.filter((id) => id !== 9).map((id) => [id, { name: `Fila ${id}`, color: '#000' }]))
  t.equal((await call(app, 'POST', '/whatsapp', c.admin.headers, sandbox({ queueIds: [666] }))).statusCode, 400)
  t.equal((await call(app, 'POST', '/whatsapp', c.admin.headers, sandbox({ transferQueueId: 666 }))).statusCode, 400, 'the transfer queue too')
  app.channels.promptHooks.validate = async (_companyId, id) => {
    if (id === 777) throw new AppError('ERR_VALIDATION', 400, [{ field: 'body/promptId' }])
  }
  t.equal((await call(app, 'POST', '/whatsapp', c.admin.headers, sandbox({ promptId: 777 }))).statusCode, 400, 'and the prompt, through its own hook')
  t.same((await call(app, 'GET', '/whatsapp', c.admin.headers)).json(), [], 'nothing was created')
  const ok = await call(app, 'POST', '/whatsapp', c.admin.headers, sandbox({ queueIds: [5, 9], greetingMessage: 'Menu' }))
  t.same(ok.json().queues, [{ id: 5, name: 'Fila 5', color: '#000' }])
  t.same(ok.json().queueIds, [5], 'a queue deleted since is no longer offered')
})

t.test('validation: names, providers, numbers -> 4xx', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  for (const body of [{}, { name: 'A' }, { name: '  ' }, { name: 'x'.repeat(51) }, sandbox({ provider: 'NOPE' }), sandbox({ maxUseBotQueues: -1 }),
    sandbox({ queueIds: [0] }), sandbox({ queueIds: 'x' }), sandbox({ expiresTicket: 1.5 }), sandbox({ transferQueueId: 'abc' })]) {
    const res = await call(app, 'POST', '/whatsapp', c.admin.headers, body)
    t.equal(res.statusCode, 400, `${JSON.stringify(body).slice(0, 60)} -> 400`)
    t.equal(res.json().error, 'ERR_VALIDATION')
  }
  t.equal((await call(app, 'POST', '/whatsapp', c.admin.headers, sandbox({ provider: 'telegram' }))).json().error, 'ERR_VALIDATION', 'unregistered provider')
  t.equal((await call(app, 'PUT', '/whatsapp/abc', c.admin.headers, { name: 'ok ok' })).statusCode, 400)
})

t.test('permissions: agents read only; plan limit on create', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app, { planName: 'Básico' })
  const w = await sandboxConnection(app, c.admin.headers)
  t.equal((await call(app, 'POST', '/whatsapp', c.user.headers, sandbox())).statusCode, 403)
  t.equal((await call(app, 'PUT', `/whatsapp/${w.id}`, c.user.headers, { name: 'Outro nome' })).statusCode, 403)
  t.equal((await call(app, 'DELETE', `/whatsapp/${w.id}`, c.user.headers)).statusCode, 403)
  t.equal((await call(app, 'GET', `/whatsapp/${w.id}`, c.user.headers)).statusCode, 200)
  const limited = await call(app, 'POST', '/whatsapp', c.admin.headers, sandbox({ name: 'Segunda' }))
  t.equal(limited.statusCode, 403, 'Básico allows one connection')
  t.equal(limited.json().error, 'ERR_PLAN_LIMIT_CONNECTIONS')
})

t.test('company A never reaches company B\'s connections', async (t) => {
  const app = await build(t)
  const a = await createCompanyWithUsers(app)
  const b = await createCompanyWithUsers(app)
  const theirs = await sandboxConnection(app, b.admin.headers, { name: 'Deles' })
  t.equal((await call(app, 'GET', `/whatsapp/${theirs.id}`, a.admin.headers)).statusCode, 404)
  t.equal((await call(app, 'PUT', `/whatsapp/${theirs.id}`, a.admin.headers, { name: 'Tomada' })).statusCode, 404)
  t.equal((await call(app, 'DELETE', `/whatsapp/${theirs.id}`, a.admin.headers)).statusCode, 404)
  t.equal((await call(app, 'GET', `/whatsapp?companyId=${b.id}`, a.admin.headers)).statusCode, 403)
  t.same((await call(app, 'GET', '/whatsapp', a.admin.headers)).json(), [])
  t.equal((await call(app, 'GET', `/whatsapp/${theirs.id}`, b.admin.headers)).json().name, 'Deles', 'untouched')
})

t.test('changing the provider restarts the session with the new driver', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const w = await sandboxConnection(app, c.admin.headers)
  let started = 0
  app.channels.register({
    provider: 'echo', label: 'Echo',
    createSession: (host) => ({
      start: async () => void (started++, host.status({ status: 'CONNECTED', qrcode: '', number: '5500000000000' })),
      stop: async () => undefined, logout: async () => undefined, markRead: async () => undefined, profilePicture: async () => null,
      send: async () => ({ externalId: 'E1', timestamp: new Date().toISOString(), ack: 1 }),
      checkNumber: async (n) => ({ jid: `${n}@s.whatsapp.net`, number: n }),
    }),
  })
  const res = await call(app, 'PUT', `/whatsapp/${w.id}`, c.admin.headers, { provider: 'echo' })
  t.match(res.json(), { provider: 'echo', status: 'CONNECTED', number: '5500000000000' })
  t.equal(started, 1)
  t.equal((await app.channels.send(c.id, w.id, { to: '5511988887777', body: 'x' })).externalId, 'E1', 'sends go through the new driver')
  await call(app, 'PUT', `/whatsapp/${w.id}`, c.admin.headers, { name: 'Mesmo driver' })
  t.equal(started, 1, 'other edits leave the session alone')
})
