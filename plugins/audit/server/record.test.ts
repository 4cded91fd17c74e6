import t from 'tap'
import { build, createCompanyWithUsers, createSuper } from '@zapdesk/plugin-api/testing'
import { call, entries } from './test-support.ts'
import { MASKED } from './kinds.ts'

t.test('an admin\'s changes to a user, a queue, a setting and a connection are recorded with before/after, secrets masked', async (t) => {
  const app = await build(t, { startJobs: false })
  const c = await createCompanyWithUsers(app)

  const user = await call(app, 'PUT', `/users/${c.user.id}`, c.admin.headers, { name: 'Agente Novo', password: 'NovaSenha123' })
  t.equal(user.statusCode, 200, user.body)
  const queue = await call(app, 'POST', '/queue', c.admin.headers, { name: 'Suporte', color: '#FF00AA', greetingMessage: 'Olá' })
  t.equal(queue.statusCode, 201, queue.body)
  const queueId = queue.json().id
  t.equal((await call(app, 'PUT', `/queue/${queueId}`, c.admin.headers, { name: 'Suporte 2', color: '#FF00AA' })).statusCode, 200)
  t.equal((await call(app, 'PUT', '/settings/userRating', c.admin.headers, { key: 'userRating', value: 'enabled' })).statusCode, 200)
  const wa = await call(app, 'POST', '/whatsapp', c.admin.headers, { name: 'Celular', provider: 'sandbox' })
  t.equal(wa.statusCode, 201, wa.body)
  t.equal((await call(app, 'DELETE', `/queue/${queueId}`, c.admin.headers)).statusCode, 204)

  const log = await entries(app, c.admin.headers)
  const find = (kind: string, action: string, route?: string) => log.find((e) => e.kind === kind && e.action === action && (!route || e.route === route))
  const u = find('users', 'updated')!
  t.match(u, { userId: c.admin.id, userName: 'Admin', method: 'PUT', route: '/api/users/:id', resourceId: String(c.user.id), label: 'Agente Novo', companyId: c.id })
  t.match(u.changes.name, { before: 'Agent', after: 'Agente Novo' })
  t.same(u.changes.password, { after: MASKED }, 'a password is recorded as written, never its value')
  t.ok(u.ip, 'the address is kept')
  t.notOk(JSON.stringify(log).includes('NovaSenha123'), 'the password is nowhere in the log')

  t.match(find('queues', 'created')!.changes, { name: { after: 'Suporte' } })
  const renamed = find('queues', 'updated')!
  t.same(renamed.changes.name, { before: 'Suporte', after: 'Suporte 2' })
  t.notOk('color' in renamed.changes, 'unchanged fields are left out')
  t.match(find('queues', 'deleted')!, { resourceId: String(queueId), changes: { name: { before: 'Suporte 2' } } })

  const rating = log.find((e) => e.kind === 'settings' && e.resourceId === 'userRating')!
  t.same(rating.changes.value, { before: 'disabled', after: 'enabled' })

  const connection = find('connections', 'created')!
  t.match(connection, { label: 'Celular', resourceId: String(wa.json().id) })
  t.match(connection.changes.name, { after: 'Celular' })
})

t.test('a connection renamed, a webhook\'s and a prompt\'s secrets changed: before/after, the secrets never stored', async (t) => {
  const app = await build(t, { startJobs: false })
  const c = await createCompanyWithUsers(app)
  const wa = (await call(app, 'POST', '/whatsapp', c.admin.headers, { name: 'Celular', provider: 'sandbox' })).json()
  t.equal((await call(app, 'PUT', `/whatsapp/${wa.id}`, c.admin.headers, { name: 'Celular da loja', greetingMessage: 'Oi!' })).statusCode, 200)
  const hook = await call(app, 'POST', '/webhooks', c.admin.headers, { name: 'CRM', url: 'https://crm.example.com/h', secret: 'segredo-numero-um-123', events: ['ticket.opened'] })
  t.equal(hook.statusCode, 201, hook.body)
  t.equal((await call(app, 'PUT', `/webhooks/${hook.json().id}`, c.admin.headers, { secret: 'segredo-numero-dois-456' })).statusCode, 200)

  const log = await entries(app, c.admin.headers)
  const renamed = log.find((e) => e.kind === 'connections' && e.action === 'updated')!
  t.same(renamed.changes.name, { before: 'Celular', after: 'Celular da loja' })
  t.same(renamed.changes.greetingMessage, { before: '', after: 'Oi!' })
  const hookChange = log.find((e) => e.kind === 'webhooks' && e.action === 'updated')!
  t.same(hookChange.changes.secret, { after: MASKED }, 'written, never shown')
  t.match(log.find((e) => e.kind === 'webhooks' && e.action === 'created')!.changes, { secret: { after: MASKED }, name: { after: 'CRM' } })
  t.notOk(/segredo-numero/.test(JSON.stringify(log)), 'neither secret is in the log')
})

t.test('a module switched off: read from the modules list before and after', async (t) => {
  const app = await build(t, { startJobs: false })
  const c = await createCompanyWithUsers(app)
  const res = await call(app, 'PUT', '/modules/useKanban', c.admin.headers, { enabled: false })
  t.equal(res.statusCode, 200, res.body)
  const [entry] = await entries(app, c.admin.headers, '?kind=modules')
  t.match(entry, { action: 'updated', resourceId: 'useKanban', label: 'useKanban' })
  t.same(entry.changes.enabled, { before: true, after: false })
})

t.test('recording never breaks the request: a failed write is logged, the answer stands', async (t) => {
  const app = await build(t, { startJobs: false })
  const c = await createCompanyWithUsers(app)
  await app.knex.schema.renameTable('audit_entries', 'audit_entries_away')
  const res = await call(app, 'PUT', `/users/${c.user.id}`, c.admin.headers, { name: 'Ainda salvo' })
  t.equal(res.statusCode, 200)
  t.equal(res.json().name, 'Ainda salvo')
  await app.audit.idle()
})

t.test('only admins and super users are recorded; failed writes and reads are not', async (t) => {
  const app = await build(t, { startJobs: false })
  const c = await createCompanyWithUsers(app)
  t.equal((await call(app, 'PUT', `/users/${c.user.id}`, c.user.headers, { name: 'Eu mesmo' })).statusCode, 200)
  t.equal((await call(app, 'PUT', '/queue/999999', c.admin.headers, { name: 'Nada' })).statusCode, 404)
  await call(app, 'GET', '/queue', c.admin.headers)
  t.same(await entries(app, c.admin.headers), [], 'an agent\'s own change, a failed write and a read leave nothing')

  const sup = await createSuper(app)
  const plan = await call(app, 'POST', '/plans', sup.headers, { name: 'Ouro', users: 10, connections: 3, queues: 5, value: 99 })
  t.equal(plan.statusCode, 201, plan.body)
  const [entry] = await entries(app, sup.headers, '?kind=plans')
  t.match(entry, { action: 'created', kind: 'plans', label: 'Ouro', userName: 'Super' })

  // The platform's payment token (super users only) is a setting whose value is a secret though its name says not.
  t.equal((await call(app, 'PUT', '/settings/asaas', sup.headers, { key: 'asaas', value: 'tok-muito-secreto' })).statusCode, 200)
  t.equal((await call(app, 'PUT', '/settings/asaas', sup.headers, { key: 'asaas', value: 'tok-outro-secreto' })).statusCode, 200)
  const tokens = (await entries(app, sup.headers, '?kind=settings')).filter((e) => e.resourceId === 'asaas')
  t.equal(tokens.length, 2)
  for (const e of tokens) t.equal(e.changes.value.after, MASKED)
  t.notOk(JSON.stringify(tokens).match(/tok-(muito|outro)-secreto/), 'neither value is in the log')
})

t.test('the caller\'s address follows the proxy setting', async (t) => {
  const app = await build(t, { startJobs: false, config: { trustProxy: true } })
  const c = await createCompanyWithUsers(app)
  await app.inject({ method: 'PUT', url: `/api/users/${c.user.id}`, headers: { ...c.admin.headers, 'x-forwarded-for': '198.51.100.7' }, payload: { name: 'Por proxy' } })
  const [entry] = await entries(app, c.admin.headers)
  t.equal(entry.ip, '198.51.100.7')
})
