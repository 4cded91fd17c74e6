import t from 'tap'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startServer, type RunningServer } from './lib/server.ts'
import { apiAnswer, signIn } from './lib/session.ts'
import { openBrowser, step, waitForToast, type BrowserSession } from './lib/browser.ts'
import type { Request } from 'playwright-core'
import { pluginWebModules } from './lib/plugins.ts'

t.setTimeout(300_000)

/**
 * The server runs in its own process: a probe plugin (loaded with ZAPDESK_PLUGINS) writes the caller's company's
 * activity straight into the database through the server's own knex, whichever database it runs on, and can
 * announce a ticket change the way the tickets plugin does. Times are minutes before now, so the last-7-days filter
 * holds them whatever the hour of the run.
 */
const PROBE = `
import { randomUUID } from 'node:crypto'
const ago = (min) => new Date(Date.now() - min * 60000)
async function contact(app, companyId, createdAt) {
  const name = 'Contato ' + randomUUID().slice(0, 8)
  const number = '55119' + String(Math.floor(Math.random() * 1e8)).padStart(8, '0')
  const [id] = await app.knex('contacts').insert({ companyId, name, nameSearch: name.toLowerCase(), number, createdAt, updatedAt: createdAt })
  return id
}
async function ticket(app, companyId, status, userId) {
  const contactId = await contact(app, companyId, new Date('2000-01-01T00:00:00Z'))
  const now = new Date()
  const [id] = await app.knex('tickets').insert({ companyId, uuid: randomUUID(), status, active: status === 'closed' ? null : 1, contactId, userId, createdAt: now, updatedAt: now })
  return id
}
export default {
  name: 'e2e-dashboard-probe',
  version: '1.0.0',
  async routes(app) {
    app.post('/e2e-dashboard/seed', async (request) => {
      const { companyId, userId: adminId } = request.auth
      const agentId = request.body.agentId
      for (const status of ['open', 'open', 'pending']) await ticket(app, companyId, status, null)
      // [user, started, waited, served] in minutes: waits 10/20/30 (avg 20), services 30/60/15 (avg 35)
      for (const [userId, started, waited, served] of [[agentId, 180, 10, 30], [agentId, 120, 20, 60], [adminId, 100, 30, 15]]) {
        const ticketId = await ticket(app, companyId, 'closed', userId)
        await app.knex('ticketCycles').insert({ companyId, ticketId, userId, startedAt: ago(started), acceptedAt: ago(started - waited), finishedAt: ago(started - waited - served), createdAt: ago(started), updatedAt: ago(started) })
        if (userId === agentId) await app.knex('ticketRatings').insert({ companyId, ticketId, userId, rate: 3, createdAt: ago(5), updatedAt: ago(5) })
      }
      for (let i = 0; i < 4; i++) await contact(app, companyId, ago(30 + i))
      await app.knex('users').where({ id: agentId, companyId }).update({ online: true })
      return { ok: true }
    })
    app.post('/e2e-dashboard/open-ticket', async (request) => {
      const { companyId } = request.auth
      const id = await ticket(app, companyId, 'open', null)
      app.realtime.publish({ companyId, topic: 'ticket', data: { action: 'update', ticket: { id, status: 'open' } } })
      return { id }
    })
  },
}
`

let server: RunningServer
let b: BrowserSession
let probeDir = ''
let token = ''
const email = `painel-${Date.now()}@example.com`
const password = 'painel-pass-1'
const agent = { name: 'Diana Atendente', email: `diana-${Date.now()}@example.com`, password: 'agent-pass-1', id: 0 }

t.before(async () => {
  probeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zapdesk-dash-probe-'))
  fs.writeFileSync(path.join(probeDir, 'probe.mjs'), PROBE)
  server = await startServer({ ZAPDESK_PLUGINS: path.join(probeDir, 'probe.mjs') })
  b = await openBrowser()
})

t.teardown(async () => {
  await b?.close()
  await server?.stop()
  if (probeDir) fs.rmSync(probeDir, { recursive: true, force: true })
})

const api = <T>(method: string, path: string, body?: unknown, auth = token) => apiAnswer<T>(server.url, method, path, body, auth)

const login = (address: string, secret: string) => signIn(b.page, server.url, address, secret)

const card = (key: string) => b.page.locator(`[data-testid=card-${key}-value]`)
const menuIds = () => b.page.locator('.zd-sidebar [data-menu-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-menu-id')))

t.test('the admin lands on the dashboard, first in the menu', async (t) => {
  await api('POST', '/companies/cadastro', { name: 'Clínica Horizonte', email, phone: '', password, planId: 2, recurrence: 'MENSAL', dueDate: '2099-01-01', status: true, campaignsEnabled: true })
  const asked: string[] = []
  const aborted: string[] = []
  const dashboardCall = (url: string) => /\/api\/dashboard(\/|\?|$)/.test(url)
  // The old page's requests still going when the test reloads it are cut by the reload, not thrown away by the app.
  const inFlight = new Set<Request>()
  let cutByReload = new Set<Request>()
  b.page.on('request', (r) => {
    if (!dashboardCall(r.url())) return
    asked.push(new URL(r.url()).pathname)
    inFlight.add(r)
  })
  b.page.on('requestfinished', (r) => inFlight.delete(r))
  b.page.on('requestfailed', (r) => {
    inFlight.delete(r)
    if (dashboardCall(r.url()) && !cutByReload.has(r)) aborted.push(new URL(r.url()).pathname)
  })
  await step(b, 'login', async () => {
    await login(email, password)
    await b.page.waitForURL((u) => u.pathname === '/')
    await b.page.locator('[data-testid=dashboard]').waitFor()
    await b.page.waitForLoadState('networkidle')
  })
  t.same(aborted, [], 'no request of the first screen is made and then thrown away')
  t.same(asked.sort(), ['/api/dashboard', '/api/dashboard/ticketsDay', '/api/dashboard/ticketsUsers'], 'each asked once')
  asked.length = 0
  cutByReload = new Set(inFlight)
  await b.page.reload()
  await b.page.locator('[data-testid=dashboard]').waitFor()
  await b.page.waitForLoadState('networkidle')
  t.same(aborted, [], 'nor after a reload')
  t.same(asked.sort(), ['/api/dashboard', '/api/dashboard/ticketsDay', '/api/dashboard/ticketsUsers'], 'each asked once after a reload')
  // The browser's own session: a second login through the API would sign the browser out.
  token = (await b.page.evaluate(() => localStorage.getItem('token'))) ?? ''
  const ids = await menuIds()
  t.equal(ids[0], 'dashboard', 'the spec\'s first entry')
  const created = await api<{ id: number }>('POST', '/users', { name: agent.name, email: agent.email, password: agent.password, profile: 'user', allTicket: 'desabled' })
  t.equal(created.status, 201, 'agent created')
  agent.id = created.body.id
})

t.test('the cards, the attendants and the charts show the company\'s activity', async (t) => {
  const { page } = b
  t.equal((await api('POST', '/e2e-dashboard/seed', { agentId: agent.id })).status, 200, 'activity seeded')
  await step(b, 'period-filter', async () => {
    await page.selectOption('#dashboard-filter-type', 'period')
    await page.selectOption('#dashboard-period', '7')
    await card('supportFinished').filter({ hasText: /^3$/ }).waitFor()
  })
  t.equal(await card('supportHappening').innerText(), '2', 'Em Conversa')
  t.equal(await card('supportPending').innerText(), '1', 'Aguardando')
  t.equal(await card('supportFinished').innerText(), '3', 'Finalizados')
  t.equal(await card('leads').innerText(), '4', 'Novos Contatos')
  t.equal(await card('avgSupportTime').innerText(), '35min', 'T.M. de Conversa')
  t.equal(await card('avgWaitTime').innerText(), '20min', 'T.M. de Espera')
  t.match(await page.locator('[data-testid=card-leads]').innerText(), /novos contatos/i, 'the card says Novos Contatos')

  const row = page.locator(`[data-testid=attendants-table] tr[data-attendant="${agent.id}"]`)
  t.match(await row.innerText(), new RegExp(`${agent.name}[\\s\\S]*45min[\\s\\S]*15min[\\s\\S]*2[\\s\\S]*Online`), 'name, service and waiting times, tickets, online')
  t.equal(await row.locator('.zd-dash-rating .bp6-icon-star').count(), 3, 'three stars: Muito Satisfeito')
  t.equal(await row.locator('[data-online=true]').count(), 1, 'the online dot')
  await page.locator('[data-testid=chart-users] canvas').waitFor()
  await page.locator('[data-testid=chart-days] canvas').waitFor()
  t.match(await page.locator('[data-testid=chart-days]').innerText(), /3 atendimentos no período/)
  await b.screenshot('dashboard-admin')
})

t.test('a ticket event refreshes the cards', async (t) => {
  await api('POST', '/e2e-dashboard/open-ticket', {})
  await card('supportHappening').filter({ hasText: /^3$/ }).waitFor({ timeout: 10_000 })
  t.pass('Em Conversa followed the new open ticket')
})

t.test('an empty date filter asks for one', async (t) => {
  const { page } = b
  await step(b, 'empty-filter', async () => {
    await page.selectOption('#dashboard-filter-type', 'date')
    await page.fill('#dashboard-date-from', '')
    await page.fill('#dashboard-date-to', '')
    await waitForToast(page, 'Parametrize o filtro')
  })
  t.same(b.errors, [], 'no console errors on the dashboard')
})

t.test('an agent does not see the dashboard', async (t) => {
  const { page } = b
  await step(b, 'agent', async () => {
    await page.click('[data-testid=account-menu]')
    await page.click('[data-testid=logout]')
    await page.waitForURL('**/login')
    await login(agent.email, agent.password)
  })
  t.notOk((await menuIds()).includes('dashboard'), 'no dashboard entry')
  await page.goto(`${server.url}/`)
  await page.locator('.zd-sidebar').waitFor()
  await page.waitForTimeout(500)
  t.equal(await page.locator('[data-testid=dashboard]').count(), 0, 'no dashboard at /')
  t.equal(await page.locator('[data-testid^=card-]').count(), 0, 'no counters')
  const ticketsPage = (await pluginWebModules()).some((m) => m.routes.some((r) => r.path.startsWith('/tickets')))
  if (ticketsPage) {
    await page.waitForURL((u) => u.pathname.startsWith('/tickets'))
    t.pass('sent on to the tickets instead of bouncing on /')
  }
  const agentToken = (await page.evaluate(() => localStorage.getItem('token'))) ?? ''
  const refused = await api<{ error: string }>('GET', '/dashboard?days=7', undefined, agentToken)
  t.same([refused.status, refused.body.error], [403, 'ERR_NO_PERMISSION'], 'and the API refuses it')
})
