import t from 'tap'
import { fileURLToPath } from 'node:url'
import { build, checkPluginConformance, connect, createCompanyWithUsers, createSuper, onlyPlugin } from '@zapdesk/plugin-api/testing'

const PLUGIN = fileURLToPath(new URL('.', import.meta.url))
// Only this plugin on top of the core, as a fresh install that names it in ZAPDESK_PLUGINS would load it.
const options = onlyPlugin(PLUGIN)

t.test('conformance: loads, migrates up/down/up, isolates companies, survives hostile input, translated', async (t) => {
  const report = await checkPluginConformance(t, { plugin: PLUGIN })
  t.equal(report.name, 'hello-board')
  t.equal(report.routes, 3)
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
