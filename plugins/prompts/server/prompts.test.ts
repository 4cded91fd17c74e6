import t from 'tap'
import { build, connect, createCompanyWithUsers } from '@zapdesk/plugin-api/testing'
import { call, queueIds, sandboxConnection } from '@zapdesk/connections/testing'
import { openSecret } from '@zapdesk/plugin-api'
import '@zapdesk/tickets/public'

const TEXT = 'Você é o assistente virtual da Loja Azul. Responda com cordialidade e frases curtas.'

t.test('create with the spec\'s defaults, list with the queue\'s name, show, change, delete', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const [queueId, other] = await queueIds(app, c.admin.headers, 2)
  const created = await call(app, 'POST', '/prompt', c.admin.headers, { name: '  Vendas  ', prompt: TEXT, queueId, apiKey: 'sk-secret-abc' })
  t.equal(created.statusCode, 201, created.body)
  const p = created.json()
  t.match(p, {
    name: 'Vendas', prompt: TEXT, voice: 'texto', maxTokens: 100, temperature: 1, maxMessages: 10, queueId, queue: { id: queueId },
    model: 'gpt-4o-mini', baseUrl: 'https://api.openai.com/v1', transcribeAudio: true, hasApiKey: true, hasVoiceKey: false, voiceRegion: null,
  })
  t.notOk('apiKey' in p, 'the key is never answered')
  t.notMatch(created.body, /sk-secret-abc/)

  const stored = await app.knex('prompts').where({ id: p.id }).first()
  t.notMatch(stored.apiKey, /sk-secret-abc/, 'sealed at rest')
  t.equal(openSecret(app.config, stored.apiKey), 'sk-secret-abc')

  const list = (await call(app, 'GET', '/prompt', c.admin.headers)).json()
  t.same(list.prompts.map((x: { id: number }) => x.id), [p.id])
  t.match(list.prompts[0].queue.name, /^Fila /)
  t.notMatch(JSON.stringify(list), /sk-secret-abc/)
  t.equal((await call(app, 'GET', `/prompt/${p.id}`, c.admin.headers)).json().name, 'Vendas')

  const kept = await call(app, 'PUT', `/prompt/${p.id}`, c.admin.headers, { maxTokens: 300, temperature: 0.5, apiKey: '', queueId: other, baseUrl: 'http://localhost:11434/v1/' })
  t.equal(kept.statusCode, 200, kept.body)
  t.match(kept.json(), { maxTokens: 300, temperature: 0.5, queueId: other, hasApiKey: true, baseUrl: 'http://localhost:11434/v1' }, 'an empty key keeps the stored one')
  t.equal(openSecret(app.config, (await app.knex('prompts').where({ id: p.id }).first()).apiKey), 'sk-secret-abc')
  t.match((await call(app, 'PUT', `/prompt/${p.id}`, c.admin.headers, { apiKey: null })).json(), { hasApiKey: false }, 'null removes it (a self-hosted server needs none)')

  const gone = await call(app, 'DELETE', `/prompt/${p.id}`, c.admin.headers)
  t.equal(gone.statusCode, 200)
  t.same(gone.json(), { message: 'Prompt deleted' })
  t.equal((await call(app, 'GET', `/prompt/${p.id}`, c.admin.headers)).json().error, 'ERR_NO_PROMPT_FOUND')
})

t.test('validation: the queue (\'Informe o setor\'), bounds, voices, addresses', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const [queueId] = await queueIds(app, c.admin.headers, 1)
  const post = (body: object) => call(app, 'POST', '/prompt', c.admin.headers, { name: 'Suporte', prompt: TEXT, queueId, ...body })
  const noQueue = await post({ queueId: null })
  t.equal(noQueue.statusCode, 400)
  t.match(noQueue.json(), { error: 'ERR_VALIDATION', details: [{ field: 'body/queueId', message: 'Informe o setor' }] })
  t.equal((await post({ queueId: 999999 })).json().error, 'ERR_NO_QUEUE_FOUND')
  for (const bad of [{ name: '   ' }, { prompt: '' }, { maxTokens: 0 }, { temperature: 3 }, { maxMessages: 51 }, { voice: 'robot' }, { baseUrl: 'ftp://x' }, { apiKey: 'has space' }]) {
    const res = await post(bad)
    t.equal(res.statusCode, 400, JSON.stringify(bad))
    t.equal(res.json().error, 'ERR_VALIDATION')
  }
  const voice = await post({ voice: 'pt-BR-FranciscaNeural' })
  t.equal(voice.statusCode, 400)
  t.match(voice.json(), { error: 'ERR_PROMPT_VOICE_NOT_CONFIGURED', details: [{ field: 'body/voiceKey' }] }, 'a neural voice without its speech key is refused')
  t.equal((await post({ voice: 'pt-BR-FranciscaNeural', voiceKey: 'azure-key' })).json().error, 'ERR_PROMPT_VOICE_NOT_CONFIGURED', 'and without its region')
  const ok = await post({ voice: 'pt-BR-FranciscaNeural', voiceKey: 'azure-key', voiceRegion: 'brazilsouth' })
  t.match(ok.json(), { voice: 'pt-BR-FranciscaNeural', hasVoiceKey: true, voiceRegion: 'brazilsouth' })
  const voices = (await call(app, 'GET', '/prompt/voices', c.admin.headers)).json()
  t.equal(voices.text, 'texto')
  t.equal(voices.neural.length, 16, 'the sixteen neural voices are listed')

  app.config.outboundAllowPrivate = false
  for (const baseUrl of ['http://localhost:11434/v1', 'http://127.0.0.1:8000/v1', 'http://10.0.0.5/v1', 'http://[::1]/v1']) {
    t.equal((await post({ baseUrl })).json().error, 'ERR_PROMPT_URL_NOT_ALLOWED', `${baseUrl} refused in production`)
  }
  t.equal((await post({ baseUrl: 'https://llm.example.com/v1' })).statusCode, 201)
})

t.test('admins only; another company\'s prompt is not found; connections accept only the company\'s prompts', async (t) => {
  const app = await build(t)
  const a = await createCompanyWithUsers(app)
  const b = await createCompanyWithUsers(app)
  const [qa] = await queueIds(app, a.admin.headers, 1)
  const [qb] = await queueIds(app, b.admin.headers, 1)
  const theirs = (await call(app, 'POST', '/prompt', b.admin.headers, { name: 'Deles', prompt: TEXT, queueId: qb })).json()
  t.equal((await call(app, 'GET', '/prompt', a.user.headers)).statusCode, 403, 'agents do not manage prompts')
  t.equal((await call(app, 'GET', `/prompt/${theirs.id}`, a.admin.headers)).statusCode, 404)
  t.equal((await call(app, 'PUT', `/prompt/${theirs.id}`, a.admin.headers, { name: 'x' })).statusCode, 404)
  t.equal((await call(app, 'POST', '/prompt', a.admin.headers, { name: 'Meu', prompt: TEXT, queueId: qb })).json().error, 'ERR_NO_QUEUE_FOUND', 'another company\'s queue')
  t.same((await call(app, 'GET', '/prompt', a.admin.headers)).json().prompts, [])

  const mine = (await call(app, 'POST', '/prompt', a.admin.headers, { name: 'Meu', prompt: TEXT, queueId: qa })).json()
  const refused = await call(app, 'POST', '/whatsapp', a.admin.headers, { name: 'Sandbox X', provider: 'sandbox', promptId: theirs.id })
  t.equal(refused.statusCode, 400)
  t.match(refused.json().details, [{ field: 'body/promptId' }])
  const w = await sandboxConnection(app, a.admin.headers, { promptId: mine.id })
  t.equal(w.promptId, mine.id)
  const queueRefused = await call(app, 'PUT', `/queue/${qa}`, a.admin.headers, { promptId: theirs.id })
  t.equal(queueRefused.statusCode, 400, 'a queue refuses another company\'s prompt')
  t.match(queueRefused.json().details, [{ field: 'body/promptId' }])
  t.equal((await call(app, 'POST', '/queue', a.admin.headers, { name: 'Fila X', color: '#123abc', promptId: theirs.id })).statusCode, 400, 'also when created')
  t.equal((await call(app, 'PUT', `/queue/${qa}`, a.admin.headers, { promptId: mine.id })).statusCode, 200)
  const theirConnection = await sandboxConnection(app, b.admin.headers, { promptId: theirs.id })

  t.equal((await call(app, 'DELETE', `/prompt/${mine.id}`, a.admin.headers)).statusCode, 200)
  t.equal((await call(app, 'GET', `/whatsapp/${w.id}`, a.admin.headers)).json().promptId, null, 'its connection is left without a prompt')
  t.equal((await call(app, 'GET', `/queue/${qa}`, a.admin.headers)).json().promptId, null, 'and its queue')
  t.equal((await call(app, 'PUT', `/whatsapp/${w.id}`, a.admin.headers, { name: 'Sandbox renomeada' })).statusCode, 200, 'the connection saves again')
  t.equal((await call(app, 'GET', `/whatsapp/${theirConnection.id}`, b.admin.headers)).json().promptId, theirs.id, 'another company\'s untouched')
})

t.test('the prompt topic tells the company\'s admins of each change, nobody else', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const other = await createCompanyWithUsers(app)
  const [queueId] = await queueIds(app, c.admin.headers, 1)
  const admin = await connect(app, c.admin.token, t)
  const agent = await connect(app, c.user.token, t)
  const stranger = await connect(app, other.admin.token, t)
  const p = (await call(app, 'POST', '/prompt', c.admin.headers, { name: 'Ao vivo', prompt: TEXT, queueId })).json()
  await call(app, 'PUT', `/prompt/${p.id}`, c.admin.headers, { name: 'Ao vivo 2' })
  await call(app, 'DELETE', `/prompt/${p.id}`, c.admin.headers)
  await admin.next((f) => f.event === `company-${c.id}-prompt` && f.data?.action === 'delete')
  await Promise.all([agent.sync(), stranger.sync()])
  t.same(admin.frames.filter((f) => f.event?.endsWith('-prompt')).map((f) => f.data?.action), ['create', 'update', 'delete'])
  t.match(admin.frames.find((f) => f.data?.action === 'update')?.data, { prompt: { id: p.id, name: 'Ao vivo 2', hasApiKey: false } })
  t.equal(agent.frames.filter((f) => f.event?.endsWith('-prompt')).length, 0)
  t.equal(stranger.frames.filter((f) => f.event?.endsWith('-prompt')).length, 0)
})

t.test('the bot\'s inbound step runs after the out-of-hours answer and before the queue menu', async (t) => {
  const app = await build(t)
  const names = app.tickets.listSteps().map((s) => s.name)
  const at = names.indexOf('prompts:answer')
  t.ok(at > names.indexOf('out-of-hours') && at > names.indexOf('rating'), names.join(', '))
  t.ok(at < names.indexOf('queue-menu'))
})
