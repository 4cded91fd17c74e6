import t from 'tap'
import { build, connect, createCompanyWithUsers } from '@zapdesk/plugin-api/testing'
import { call, queueIds, sandboxConnection } from '@zapdesk/connections/testing'
import { openSecret } from '@zapdesk/plugin-api'
import { PAGE_SIZE } from './service.ts'

const HOOK = { type: 'webhook', name: 'Pedidos', urlN8N: 'https://hooks.example.com/pedidos' }

t.test('create with the spec\'s defaults; secrets sealed and never answered; show, change, delete', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const bot = await call(app, 'POST', '/queueIntegration', c.admin.headers, { name: ' Boas-vindas ', urlN8N: 'https://typebot.example.com', typebotSlug: 'boas-vindas' })
  t.equal(bot.statusCode, 201, bot.body)
  t.match(bot.json(), { type: 'typebot', name: 'Boas-vindas', projectName: 'Boas-vindas', typebotDelayMessage: 1000, typebotExpires: 1, hasSecret: false })

  const hook = await call(app, 'POST', '/queueIntegration', c.admin.headers, { ...HOOK, secret: 'segredo-do-webhook' })
  t.equal(hook.statusCode, 201, hook.body)
  t.match(hook.json(), { type: 'webhook', projectName: 'Pedidos', hasSecret: true })
  t.notMatch(hook.body, /segredo-do-webhook/)
  const stored = await app.knex('queue_integrations').where({ id: hook.json().id }).first()
  t.notMatch(stored.signingSecret, /segredo/, 'sealed at rest')
  t.equal(openSecret(app.config, stored.signingSecret), 'segredo-do-webhook')
  const generated = (await call(app, 'POST', '/queueIntegration', c.admin.headers, { ...HOOK, type: 'n8n', name: 'Fluxo' })).json()
  t.equal(generated.hasSecret, true, 'an n8n or webhook integration without a secret gets a random one: every delivery is signed')

  const id = hook.json().id
  t.equal((await call(app, 'GET', `/queueIntegration/${id}`, c.admin.headers)).json().name, 'Pedidos')
  const kept = await call(app, 'PUT', `/queueIntegration/${id}`, c.admin.headers, { name: 'Pedidos 2', secret: '' })
  t.match(kept.json(), { name: 'Pedidos 2', projectName: 'Pedidos 2', hasSecret: true })
  t.equal(openSecret(app.config, (await app.knex('queue_integrations').where({ id }).first()).signingSecret), 'segredo-do-webhook', 'an empty secret keeps the stored one')

  const [queueId] = await queueIds(app, c.admin.headers, 1)
  t.equal((await call(app, 'PUT', `/queue/${queueId}`, c.admin.headers, { integrationId: id })).statusCode, 200)
  const w = await sandboxConnection(app, c.admin.headers, { integrationId: id })
  t.equal(w.integrationId, id, 'a connection runs it too')
  const gone = await call(app, 'DELETE', `/queueIntegration/${id}`, c.admin.headers)
  t.same(gone.json(), { message: 'Integration deleted' })
  t.equal((await call(app, 'GET', `/queueIntegration/${id}`, c.admin.headers)).json().error, 'ERR_NO_INTEGRATION_FOUND')
  t.equal((await call(app, 'GET', `/queue/${queueId}`, c.admin.headers)).json().integrationId, null, 'its queue is left without one')
  t.equal((await call(app, 'GET', `/whatsapp/${w.id}`, c.admin.headers)).json().integrationId, null, 'and its connection')
})

t.test('per-type validation: name and address for n8n, webhook, typebot; slug for typebot; language, project and credentials for Dialogflow', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const post = (body: object) => call(app, 'POST', '/queueIntegration', c.admin.headers, body)
  const fields = async (body: object) => {
    const res = await post(body)
    t.equal(res.statusCode, 400, JSON.stringify(body))
    return (res.json().details as Array<{ field: string }>).map((d) => d.field).sort()
  }
  t.same(await fields({}), ['body/name', 'body/typebotSlug', 'body/urlN8N'], 'the default type is typebot')
  t.same(await fields({ type: 'n8n', name: '  ' }), ['body/name', 'body/urlN8N'])
  t.same(await fields({ type: 'webhook', name: 'x', urlN8N: 'ftp://files.example.com' }), ['body/urlN8N'])
  t.same(await fields({ type: 'dialogflow' }), ['body/jsonContent', 'body/language', 'body/projectName'])
  t.same(await fields({ type: 'dialogflow', language: 'pt-BR', projectName: 'p', jsonContent: '{"a":1}' }), ['body/jsonContent'], 'not a service account')
  for (const bad of [{ type: 'zapier' }, { language: 'fr' }, { typebotDelayMessage: -1 }, { typebotExpires: 'x' }, { secret: 'with space' }]) {
    const res = await post({ ...HOOK, ...bad })
    t.equal(res.json().error, 'ERR_VALIDATION', JSON.stringify(bad))
  }
  const account = JSON.stringify({ client_email: 'bot@p.iam.gserviceaccount.com', private_key: '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----\n' })
  const df = await post({ type: 'dialogflow', language: 'es', projectName: 'atendimento-123', jsonContent: account })
  t.equal(df.statusCode, 201, df.body)
  t.match(df.json(), { name: 'atendimento-123', language: 'es', hasJsonContent: true })
  t.notMatch(df.body, /PRIVATE KEY/)
})

t.test('the list: by name, search on name or type (any case), pages with hasMore', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  for (let i = 0; i < PAGE_SIZE + 2; i++) {
    await call(app, 'POST', '/queueIntegration', c.admin.headers, { ...HOOK, name: `Gancho ${String(i).padStart(2, '0')}` })
  }
  await call(app, 'POST', '/queueIntegration', c.admin.headers, { name: 'Vendas', urlN8N: 'https://typebot.example.com', typebotSlug: 'vendas' })
  const first = (await call(app, 'GET', '/queueIntegration/', c.admin.headers)).json()
  t.equal(first.queueIntegrations.length, PAGE_SIZE)
  t.equal(first.hasMore, true)
  t.equal(first.queueIntegrations[0].name, 'Gancho 00')
  const second = (await call(app, 'GET', '/queueIntegration?pageNumber=2', c.admin.headers)).json()
  t.equal(second.queueIntegrations.length, 3)
  t.equal(second.hasMore, false)
  t.same((await call(app, 'GET', '/queueIntegration?searchParam=VENDAS', c.admin.headers)).json().queueIntegrations.map((i: { name: string }) => i.name), ['Vendas'])
  t.equal((await call(app, 'GET', '/queueIntegration?searchParam=typebot', c.admin.headers)).json().count, 1, 'by type too')
  t.equal((await call(app, 'GET', '/queueIntegration?searchParam=100%25', c.admin.headers)).json().count, 0, 'like wildcards are plain text')
})

t.test('admins only; another company\'s integration is not found, nor accepted by a queue; the plan flag gates the routes', async (t) => {
  const app = await build(t)
  const a = await createCompanyWithUsers(app)
  const b = await createCompanyWithUsers(app)
  const theirs = (await call(app, 'POST', '/queueIntegration', b.admin.headers, HOOK)).json()
  t.equal((await call(app, 'GET', '/queueIntegration', a.user.headers)).statusCode, 403, 'agents do not manage integrations')
  t.equal((await call(app, 'GET', `/queueIntegration/${theirs.id}`, a.admin.headers)).statusCode, 404)
  t.equal((await call(app, 'GET', `/queueIntegration/${theirs.id}/deliveries`, a.admin.headers)).statusCode, 404)
  t.equal((await call(app, 'DELETE', `/queueIntegration/${theirs.id}`, a.admin.headers)).statusCode, 404)
  const [qa] = await queueIds(app, a.admin.headers, 1)
  const refused = await call(app, 'PUT', `/queue/${qa}`, a.admin.headers, { integrationId: theirs.id })
  t.equal(refused.statusCode, 400, 'a queue refuses another company\'s integration')
  t.match(refused.json().details, [{ field: 'body/integrationId' }])
  t.equal((await call(app, 'POST', '/queue', a.admin.headers, { name: 'Fila X', color: '#123abc', integrationId: theirs.id })).statusCode, 400, 'also when created')
  const connection = await call(app, 'POST', '/whatsapp', a.admin.headers, { name: 'Sandbox X', provider: 'sandbox', integrationId: theirs.id })
  t.equal(connection.statusCode, 400, 'a connection refuses it too')
  t.match(connection.json().details, [{ field: 'body/integrationId' }])

  t.equal((await call(app, 'PUT', '/modules/useIntegrations', a.admin.headers, { enabled: false })).statusCode, 200)
  t.equal((await call(app, 'GET', '/queueIntegration', a.admin.headers)).json().error, 'ERR_FEATURE_DISABLED')
  t.equal((await call(app, 'GET', '/queueIntegration', b.admin.headers)).statusCode, 200, 'another company keeps its module')
})

t.test('private addresses: refused when saved without OUTBOUND_ALLOW_PRIVATE, unless the operator\'s allow-list names them', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  app.config.outboundAllowPrivate = false
  for (const urlN8N of ['http://localhost:5678/webhook/x', 'http://127.0.0.1:5678/x', 'http://10.0.0.5/x', 'http://169.254.169.254/latest', 'http://[::1]/x']) {
    t.equal((await call(app, 'POST', '/queueIntegration', c.admin.headers, { ...HOOK, urlN8N })).json().error, 'ERR_INTEGRATION_URL_NOT_ALLOWED', urlN8N)
  }
  app.integrationRunner.options.allowHosts = ['10.0.0.5', 'localhost:5678']
  t.equal((await call(app, 'POST', '/queueIntegration', c.admin.headers, { ...HOOK, urlN8N: 'http://10.0.0.5/x' })).statusCode, 201)
  t.equal((await call(app, 'POST', '/queueIntegration', c.admin.headers, { ...HOOK, urlN8N: 'http://localhost:5678/webhook/x' })).statusCode, 201)
  t.equal((await call(app, 'POST', '/queueIntegration', c.admin.headers, { ...HOOK, urlN8N: 'http://localhost:9999/x' })).statusCode, 400, 'another port of the host is not on the list')
})

t.test('the queueIntegration topic tells the company\'s admins of each change, nobody else', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const other = await createCompanyWithUsers(app)
  const admin = await connect(app, c.admin.token, t)
  const agent = await connect(app, c.user.token, t)
  const stranger = await connect(app, other.admin.token, t)
  const i = (await call(app, 'POST', '/queueIntegration', c.admin.headers, HOOK)).json()
  await call(app, 'PUT', `/queueIntegration/${i.id}`, c.admin.headers, { name: 'Ao vivo' })
  await call(app, 'DELETE', `/queueIntegration/${i.id}`, c.admin.headers)
  await admin.next((f) => f.event === `company-${c.id}-queueIntegration` && f.data?.action === 'delete')
  await Promise.all([agent.sync(), stranger.sync()])
  const frames = admin.frames.filter((f) => f.event?.endsWith('-queueIntegration'))
  t.same(frames.map((f) => f.data?.action), ['create', 'update', 'delete'])
  t.match(frames[1].data, { queueIntegration: { id: i.id, name: 'Ao vivo', hasSecret: true } })
  t.same(frames[2].data, { action: 'delete', integrationId: i.id })
  t.equal(agent.frames.filter((f) => f.event?.endsWith('-queueIntegration')).length, 0)
  t.equal(stranger.frames.filter((f) => f.event?.endsWith('-queueIntegration')).length, 0)
})

t.test('the inbound step runs after out-of-hours and before the AI prompt and the queue menu', async (t) => {
  const app = await build(t)
  const names = app.tickets.listSteps().map((s) => s.name)
  const at = names.indexOf('integrations:run')
  t.ok(at > names.indexOf('out-of-hours') && at > names.indexOf('rating'), names.join(', '))
  t.ok(at < names.indexOf('prompts:answer') && at < names.indexOf('queue-menu'))
})
