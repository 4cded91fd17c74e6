import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { build } from '../testing/build.ts'
import { createCompanyWithUsers, createSuper } from '../testing/fixtures.ts'

type Headers = { authorization: string }
const getSettings = async (app: FastifyInstance, headers: Headers) =>
  Object.fromEntries((await app.inject({ method: 'GET', url: '/api/settings', headers })).json().map((s: { key: string; value: string }) => [s.key, s.value]))
const put = (app: FastifyInstance, key: string, headers: Headers, payload: object) =>
  app.inject({ method: 'PUT', url: `/api/settings/${key}`, headers, payload })

/** What a company's users read: every key but the platform's payment token. */
const DEFAULTS = {
  userRating: 'disabled', scheduleType: 'disabled', call: 'enabled', CheckMsgIsGroup: 'enabled', sendGreetingAccepted: 'enabled',
  sendMsgTransfTicket: 'disabled', sendGreetingMessageOneQueues: 'enabled', chatBotType: 'text', campaignsEnabled: 'true', language: 'pt',
}

t.test('every spec key with its default, for every user of the company', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const res = await app.inject({ method: 'GET', url: '/api/settings', headers: c.user.headers })
  t.equal(res.statusCode, 200)
  t.ok(Array.isArray(res.json()), 'a key/value list')
  t.same(await getSettings(app, c.user.headers), DEFAULTS)
  t.equal((await app.inject({ method: 'GET', url: '/api/settings' })).statusCode, 401)
})

t.test('a key the company never saved still reads its default', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  await app.knex('settings').where({ companyId: c.id, key: 'chatBotType' }).del()
  t.equal((await getSettings(app, c.admin.headers)).chatBotType, 'text')
  t.equal((await put(app, 'chatBotType', c.admin.headers, { key: 'chatBotType', value: 'text' })).statusCode, 200, 'and can be saved again')
})

t.test('PUT /settings/:key saves valid values per company', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const other = await createCompanyWithUsers(app)
  const published: Array<{ topic: string; companyId: number; data: unknown }> = []
  const original = app.realtime.publish.bind(app.realtime)
  app.realtime.publish = (m) => { published.push(m as never); original(m) }
  const changes: Record<string, string> = {
    userRating: 'enabled', scheduleType: 'queue', call: 'disabled', CheckMsgIsGroup: 'disabled', sendGreetingAccepted: 'disabled',
    sendMsgTransfTicket: 'enabled', sendGreetingMessageOneQueues: 'disabled', campaignsEnabled: 'false', language: 'es',
  }
  for (const [key, value] of Object.entries(changes)) {
    const res = await put(app, key, c.admin.headers, { key, value })
    t.equal(res.statusCode, 200, key)
    t.same(res.json(), { key, value: value.trim() }, key)
  }
  t.same(await getSettings(app, c.user.headers), { ...DEFAULTS, ...changes })
  t.same(await getSettings(app, other.admin.headers), DEFAULTS, 'another company keeps its own')
  t.equal((await put(app, 'scheduleType', c.admin.headers, { value: 'company' })).json().value, 'company', 'key in the body is optional')
  t.match(published.find((m) => m.topic === 'settings'), { companyId: c.id, data: { action: 'update', setting: { key: 'userRating', value: 'enabled' } } })
  const company = await app.inject({ method: 'GET', url: `/api/companies/${c.id}`, headers: c.admin.headers })
  t.equal(company.json().campaignsEnabled, false, 'the company reads the campaignsEnabled setting')
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: c.user.email, password: c.user.password } })
  t.ok(login.json().user.company.settings.some((s: { key: string; value: string }) => s.key === 'userRating' && s.value === 'enabled'), 'login carries the saved settings')
})

t.test('invalid values and unknown keys are refused and change nothing', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  for (const [key, value] of [['userRating', 'yes'], ['scheduleType', 'weekly'], ['chatBotType', 'list'], ['campaignsEnabled', 'enabled'], ['call', ''], ['language', 'fr']]) {
    const res = await put(app, key, c.admin.headers, { value })
    t.equal(res.statusCode, 400, `${key}=${value}`)
    t.equal(res.json().error, 'ERR_VALIDATION')
    t.ok(res.json().details, 'with details')
  }
  for (const key of ['nope', 'constructor', '__proto__', 'toString', 'hasOwnProperty']) {
    const res = await put(app, key, c.admin.headers, { value: 'x' })
    t.equal(res.statusCode, 404, `unknown key ${key}`)
    t.equal(res.json().error, 'ERR_NO_SETTING_FOUND')
  }
  t.equal((await put(app, 'userRating', c.admin.headers, {})).statusCode, 400, 'value required')
  t.equal((await put(app, 'chatBotType', c.admin.headers, { value: 'x'.repeat(501) })).statusCode, 400, 'value bounded')
  t.same(await getSettings(app, c.admin.headers), DEFAULTS)
  t.same((await app.knex('settings').where({ companyId: c.id }).pluck('key')).sort(), [...Object.keys(DEFAULTS), 'asaas'].sort(), 'no stray rows')
})

t.test('the platform\'s payment token is the super user\'s: company admins neither read nor write it', async (t) => {
  const app = await build(t)
  const root = await createSuper(app)
  const c = await createCompanyWithUsers(app)
  const saved = await put(app, 'asaas', root.headers, { value: ' $aact_token_123 ' })
  t.equal(saved.statusCode, 200)
  t.equal((await getSettings(app, root.headers)).asaas, '$aact_token_123', 'the super user reads it back')
  const refused = await put(app, 'asaas', c.admin.headers, { value: 'mine' })
  t.equal(refused.statusCode, 403)
  t.equal(refused.json().error, 'ERR_NO_PERMISSION')
  t.notOk('asaas' in (await getSettings(app, c.admin.headers)), 'not in a company admin\'s settings')
  t.equal((await app.knex('settings').where({ companyId: c.id, key: 'asaas' }).first('value')).value, '', 'nothing written')
})

t.test('only admins change settings', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const res = await put(app, 'userRating', c.user.headers, { value: 'enabled' })
  t.equal(res.statusCode, 403)
  t.equal(res.json().error, 'ERR_NO_PERMISSION')
  t.equal((await getSettings(app, c.admin.headers)).userRating, 'disabled')
  t.equal((await put(app, 'userRating', {} as Headers, { value: 'enabled' })).statusCode, 401)
})
