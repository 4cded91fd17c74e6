import t from 'tap'
import { fileURLToPath } from 'node:url'
import { build, checkPluginConformance, connect, createCompanyWithUsers, createSuper, onlyPlugin } from '@zapdesk/plugin-api/testing'

const PLUGIN = fileURLToPath(new URL('.', import.meta.url))
// Only this plugin on top of the core, as a fresh install that names it in ZAPDESK_PLUGINS would load it.
const options = onlyPlugin(PLUGIN)

t.test('conformance: loads, migrates up/down/up, isolates companies, survives hostile input, translated', async (t) => {
  const report = await checkPluginConformance(t, { plugin: PLUGIN })
  t.equal(report.name, 'hello-board')
  t.equal(report.routes, 4)
  t.equal(report.isolationSuccesses, 0)
  t.equal(report.serverErrors, 0)
  t.strictSame(report.missingTranslations, [])
})

t.test('super users see the feature in the plan form; a plan without it gets 403', async (t) => {
  const app = await build(t, options)
  const superUser = await createSuper(app)
  const catalog = await app.inject({ method: 'GET', url: '/api/modules/catalog', headers: superUser.headers })
  t.same(catalog.json().find((f: { feature: string }) => f.feature === 'useHelloBoard'), { feature: 'useHelloBoard', label: { pt: 'Mural de recados', en: 'Hello board', es: 'Tablón de saludos' } }, 'offered to plans with its label')
  const basic = await createCompanyWithUsers(app, { planName: 'Básico' })
  const refused = await app.inject({ method: 'GET', url: '/api/hello-board/posts', headers: basic.user.headers })
  t.equal(refused.statusCode, 403)
  t.equal(refused.json().error, 'ERR_FEATURE_DISABLED')
})

t.test('posting: validated, company-scoped, live to the company only, deletable by its author', async (t) => {
  const app = await build(t, options)
  const a = await createCompanyWithUsers(app)
  const b = await createCompanyWithUsers(app)
  const socketA = await connect(app, a.admin.token, t)
  const socketB = await connect(app, b.admin.token, t)

  const empty = await app.inject({ method: 'POST', url: '/api/hello-board/posts', headers: a.user.headers, payload: { text: '   ' } })
  t.equal(empty.json().error, 'ERR_HELLO_EMPTY')
  const post = await app.inject({ method: 'POST', url: '/api/hello-board/posts', headers: a.user.headers, payload: { text: 'Bom dia, time!' } })
  t.equal(post.statusCode, 201)
  t.match(post.json(), { author: 'Agent', text: 'Bom dia, time!' })
  const frame = await socketA.next((f) => f.event === `company-${a.id}-helloBoardPost`)
  t.equal((frame.data as { post: { id: number } }).post.id, post.json().id, 'company A hears of it live')
  t.equal(socketB.count(`company-${b.id}-helloBoardPost`), 0, 'company B hears nothing')

  const listB = await app.inject({ method: 'GET', url: '/api/hello-board/posts', headers: b.user.headers })
  t.same(listB.json(), { posts: [], hasMore: false })
  const foreignDelete = await app.inject({ method: 'DELETE', url: `/api/hello-board/posts/${post.json().id}`, headers: b.admin.headers })
  t.equal(foreignDelete.statusCode, 404)
  const otherAgent = await app.inject({ method: 'DELETE', url: `/api/hello-board/posts/${post.json().id}`, headers: { authorization: a.admin.headers.authorization } })
  t.equal(otherAgent.statusCode, 204, 'an admin of the company may delete it')
  t.same((await app.inject({ method: 'GET', url: '/api/hello-board/posts', headers: a.user.headers })).json().posts, [])
})

t.test('without the tickets plugin, sending a post to WhatsApp is refused with a clear code', async (t) => {
  const app = await build(t, options)
  const a = await createCompanyWithUsers(app)
  const post = await app.inject({ method: 'POST', url: '/api/hello-board/posts', headers: a.user.headers, payload: { text: 'Oi' } })
  const res = await app.inject({ method: 'POST', url: `/api/hello-board/posts/${post.json().id}/whatsapp`, headers: a.user.headers, payload: { number: '5511988887777' } })
  t.equal(res.statusCode, 409)
  t.equal(res.json().error, 'ERR_HELLO_NO_TICKETS')
})

t.test('with the bundled plugins, a post goes to a WhatsApp number through the tickets service and a sandbox connection', async (t) => {
  const app = await build(t, { config: { plugins: [PLUGIN] } })
  const a = await createCompanyWithUsers(app)
  const b = await createCompanyWithUsers(app)
  const created = await app.inject({ method: 'POST', url: '/api/whatsapp', headers: a.admin.headers, payload: { name: 'Sandbox', provider: 'sandbox', isDefault: true } })
  t.equal(created.statusCode, 201, created.body)
  const whatsappId = created.json().id as number
  const post = (await app.inject({ method: 'POST', url: '/api/hello-board/posts', headers: a.user.headers, payload: { text: 'Promoção de hoje' } })).json()

  const bad = await app.inject({ method: 'POST', url: `/api/hello-board/posts/${post.id}/whatsapp`, headers: a.user.headers, payload: { number: '12ab' } })
  t.equal(bad.json().error, 'ERR_VALIDATION')
  const foreign = await app.inject({ method: 'POST', url: `/api/hello-board/posts/${post.id}/whatsapp`, headers: b.user.headers, payload: { number: '5511988887777' } })
  t.equal(foreign.statusCode, 404, 'another company cannot send company A\'s post')

  const sent = await app.inject({ method: 'POST', url: `/api/hello-board/posts/${post.id}/whatsapp`, headers: a.user.headers, payload: { number: '5511988887777' } })
  t.equal(sent.statusCode, 201, sent.body)
  const ticket = await app.inject({ method: 'GET', url: `/api/tickets/${sent.json().ticketId}`, headers: a.admin.headers })
  t.match(ticket.json(), { contact: { number: '5511988887777' }, whatsappId, status: 'open' }, 'the message is in the contact\'s ticket')
  let outbox: Array<{ to: string; body: string | null }> = []
  for (const until = Date.now() + 5000; Date.now() < until && !outbox.length; await new Promise((r) => setTimeout(r, 50))) {
    outbox = (await app.inject({ method: 'GET', url: `/api/sandbox/${whatsappId}/outbox`, headers: a.admin.headers })).json()
  }
  t.match(outbox, [{ to: '5511988887777', body: 'Agent: Promoção de hoje' }], 'the sandbox connection sent it')
})
