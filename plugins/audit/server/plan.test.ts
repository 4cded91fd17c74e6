import t from 'tap'
import { build } from '@zapdesk/plugin-api/testing'
import { writePlanner, fill } from './resolve.ts'
import { AUDIT_KINDS } from './kinds.ts'

t.test('the route table: every listed area is covered, each write knows its action and its read', async (t) => {
  const app = await build(t, { startJobs: false })
  await app.ready()
  const planFor = writePlanner(app)
  const plan = (method: string, url: string) => {
    const p = planFor(method, url)
    return p && { kind: p.rule.kind, action: p.action, read: p.read ?? p.list?.url ?? null, readCreated: p.readCreated }
  }
  t.same(plan('PUT', '/api/users/:id'), { kind: 'users', action: 'updated', read: '/api/users/:id', readCreated: null })
  t.same(plan('POST', '/api/users'), { kind: 'users', action: 'created', read: null, readCreated: '/api/users/:id' })
  t.same(plan('DELETE', '/api/users/:id'), { kind: 'users', action: 'deleted', read: '/api/users/:id', readCreated: null })
  t.same(plan('DELETE', '/api/users/:id/sessions'), { kind: 'users', action: 'updated', read: '/api/users/:id', readCreated: null }, 'a parent read')
  t.same(plan('POST', '/api/companies/:id/add-period'), { kind: 'companies', action: 'updated', read: '/api/companies/:id', readCreated: null }, 'a POST under a row changes it')
  t.same(plan('PUT', '/api/settings/:key'), { kind: 'settings', action: 'updated', read: '/api/settings', readCreated: null }, 'picked from the list')
  t.same(plan('PUT', '/api/modules/:feature'), { kind: 'modules', action: 'updated', read: '/api/modules', readCreated: null })
  t.same(plan('POST', '/api/whatsappsession/:id'), { kind: 'connections', action: 'updated', read: '/api/whatsapp/:id', readCreated: null })
  t.same(plan('POST', '/api/upgradeSubscription'), { kind: 'billing', action: 'updated', read: null, readCreated: null })
  t.same(plan('POST', '/api/invoices/:id/pay'), { kind: 'billing', action: 'updated', read: null, readCreated: null }, 'no GET: the body is recorded')
  for (const [method, url] of [['POST', '/api/webhooks/:id/test'], ['POST', '/api/queueIntegration/testSession'], ['POST', '/api/sandbox/:whatsappId/messages'],
    ['POST', '/api/contacts'], ['PUT', '/api/tickets/:id'], ['POST', '/api/auth/login'], ['GET', '/api/users/:id']]) {
    t.equal(plan(method, url), null, `${method} ${url}: not an admin change this log covers`)
  }
  const covered = new Set(app.routeTable.map((r) => planFor(r.method, r.url)?.rule.kind).filter(Boolean))
  t.same(AUDIT_KINDS.filter((k) => !covered.has(k)), ['roles'], 'every area has a write route but roles, which has no routes yet')
  t.equal(fill('/api/users/:id', { id: 7 }), '/api/users/7')
  t.equal(fill('/api/settings/:key', { key: 'a/b' }), '/api/settings/a%2Fb')
  t.equal(fill('/api/users/:id', {}), null)
})
