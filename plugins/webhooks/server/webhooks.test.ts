import t from 'tap'
import { build, createCompanyWithUsers } from '@zapdesk/plugin-api/testing'
import { call } from './test-support/world.ts'
import { WebhookEndpoint } from './models.ts'

const HOOK = { name: 'CRM', url: 'https://crm.example.com/zapdesk', secret: 'um-segredo-bem-comprido-123', events: ['ticket.opened', 'message.received'] }

t.test('an admin registers, lists, changes and deletes endpoints; the secret is sealed and never answered', async (t) => {
  const app = await build(t, { startJobs: false })
  const c = await createCompanyWithUsers(app)
  const created = await call(app, 'POST', '/webhooks', c.admin.headers, HOOK)
  t.equal(created.statusCode, 201)
  const hook = created.json()
  t.match(hook, { name: 'CRM', url: HOOK.url, hasSecret: true, events: HOOK.events, enabled: true })
  t.notOk('secret' in hook, 'no secret in the answer')
  const stored = await app.bind(WebhookEndpoint).query().forCompany(c.id).findById(hook.id)
  t.ok(stored && stored.secret !== HOOK.secret && !stored.secret.includes(HOOK.secret), 'sealed at rest')
  t.equal(app.webhooks.secretOf(stored!), HOOK.secret, 'and opened for signing')

  const list = (await call(app, 'GET', '/webhooks', c.admin.headers)).json().webhooks
  t.same(list.map((w: { id: number }) => w.id), [hook.id])
  t.notOk(JSON.stringify(list).includes(HOOK.secret))

  const changed = (await call(app, 'PUT', `/webhooks/${hook.id}`, c.admin.headers, { name: 'CRM novo', secret: '', events: ['contact.created'], enabled: false })).json()
  t.match(changed, { name: 'CRM novo', events: ['contact.created'], enabled: false, hasSecret: true })
  t.equal(app.webhooks.secretOf((await app.bind(WebhookEndpoint).query().forCompany(c.id).findById(hook.id))!), HOOK.secret, 'an empty secret keeps the stored one')
  await call(app, 'PUT', `/webhooks/${hook.id}`, c.admin.headers, { secret: 'outro-segredo-comprido-456' })
  t.equal(app.webhooks.secretOf((await app.bind(WebhookEndpoint).query().forCompany(c.id).findById(hook.id))!), 'outro-segredo-comprido-456')

  t.equal((await call(app, 'DELETE', `/webhooks/${hook.id}`, c.admin.headers)).statusCode, 200)
  t.equal((await call(app, 'GET', `/webhooks/${hook.id}`, c.admin.headers)).json().error, 'ERR_NO_WEBHOOK_FOUND')
})

t.test('bad input is a clear 4xx: address, secret, events', async (t) => {
  const app = await build(t, { startJobs: false })
  const c = await createCompanyWithUsers(app)
  app.config.outboundAllowPrivate = false
  const post = (body: Record<string, unknown>) => call(app, 'POST', '/webhooks', c.admin.headers, { ...HOOK, ...body })
  for (const url of ['ftp://example.com/x', 'not an address', 'https://user:pw@example.com/']) {
    const res = await post({ url })
    t.match([res.statusCode, res.json().error], [400, 'ERR_WEBHOOK_URL_INVALID'], url)
  }
  for (const url of ['http://127.0.0.1:8080/hook', 'http://localhost/hook', 'http://10.0.0.5/hook', 'http://[::1]/x']) {
    const res = await post({ url })
    t.match([res.statusCode, res.json().error], [400, 'ERR_WEBHOOK_URL_NOT_ALLOWED'], url)
  }
  app.webhooks.options.allowHosts = ['127.0.0.1:8080']
  t.equal((await post({ url: 'http://127.0.0.1:8080/hook' })).statusCode, 201, 'the operator\'s allow-list lets a private receiver in')
  t.equal((await post({ secret: 'curto' })).json().error, 'ERR_VALIDATION', 'a short secret')
  t.equal((await post({ events: [] })).json().error, 'ERR_VALIDATION', 'no event')
  t.equal((await post({ events: ['ticket.exploded'] })).json().error, 'ERR_VALIDATION', 'an event not in the catalogue')
  const id = (await post({})).json().id
  t.equal((await call(app, 'PUT', `/webhooks/${id}`, c.admin.headers, { secret: 'curto' })).json().error, 'ERR_VALIDATION')
})

t.test('admins only; the event catalogue comes grouped by domain', async (t) => {
  const app = await build(t, { startJobs: false })
  const c = await createCompanyWithUsers(app)
  t.equal((await call(app, 'GET', '/webhooks', c.user.headers)).statusCode, 403, 'an agent is refused')
  t.equal((await call(app, 'POST', '/webhooks', c.user.headers, HOOK)).statusCode, 403)
  const groups = (await call(app, 'GET', '/webhooks/events', c.admin.headers)).json().groups
  t.same(groups.map((g: { domain: string }) => g.domain), ['message', 'ticket', 'contact', 'campaign', 'payment'], 'campaigns and billing are installed')
  t.same(groups[1].events, ['ticket.opened', 'ticket.accepted', 'ticket.transferred', 'ticket.closed'])
})
