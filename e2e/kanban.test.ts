import t from 'tap'
import { startServer, type RunningServer } from './lib/server.ts'
import { signIn } from './lib/session.ts'
import { openBrowser, step, toastTexts, waitForToast, type BrowserSession } from './lib/browser.ts'

t.setTimeout(300_000)

/**
 * The kanban board end to end: a super user adds useKanban to plan Básico through the plan form; the admin of a
 * company on that plan sees the board with tickets that arrived through the sandbox connection, drags a card to a
 * lane while an agent's board (a second browser) follows live, and the agent's moves reach the admin; then the admin
 * switches the module off and both the board (toast + redirect) and the API (403) refuse.
 */
let server: RunningServer
let b: BrowserSession
let agentBrowser: BrowserSession
let token = ''
const stamp = Date.now()
const admin = { email: `kanban-${stamp}@example.com`, password: 'kanban-pass-1' }
const agent = { email: `kanban-agente-${stamp}@example.com`, password: 'agente-pass-1' }
const NO_PERMISSION = 'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.'
const ids = { queue: 0, proposta: 0, fechamento: 0, ana: 0, bruno: 0 }
let anaUuid = ''

t.before(async () => {
  server = await startServer()
  b = await openBrowser()
  agentBrowser = await openBrowser()
})

t.teardown(async () => {
  await agentBrowser?.close()
  await b?.close()
  await server?.stop()
})

async function call(method: string, path: string, body?: unknown, bearer = token): Promise<Response> {
  return fetch(`${server.url}/api${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await call(method, path, body)
  const text = await res.text()
  if (!res.ok) throw new Error(`${method} ${path} -> ${res.status} ${text}`)
  return (text ? JSON.parse(text) : undefined) as T
}

const login = (s: BrowserSession, email: string, password: string): Promise<string> => signIn(s.page, server.url, email, password)

async function logout(s: BrowserSession): Promise<void> {
  await s.page.click('[data-testid=account-menu]')
  await s.page.click('[data-testid=logout]')
  await s.page.waitForURL('**/login')
}

const menuIds = (s: BrowserSession) => s.page.locator('.zd-sidebar [data-menu-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-menu-id')))
const card = (s: BrowserSession, laneId: number, ticketId: number) => s.page.locator(`[data-lane-id="${laneId}"] [data-ticket-id="${ticketId}"]`)

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await probe().catch(() => undefined)
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 300))
  }
}

t.test('a super user adds Kanban to plan Básico through the plan form', async (t) => {
  await api('POST', '/companies/cadastro', { name: 'Loja Kanban', email: admin.email, phone: '', password: admin.password, planId: 1 })
  const { page } = b
  await step(b, 'super-login', () => login(b, server.admin.email, server.admin.password))
  await step(b, 'plan-form', async () => {
    await page.goto(`${server.url}/settings`)
    await page.click('#bp6-tab-title_settings-tabs_plans')
    await page.locator('[data-testid=plans-table] tr', { hasText: 'Básico' }).click()
    await page.waitForFunction(() => (document.querySelector('#plan-name') as HTMLInputElement | null)?.value === 'Básico')
    const kanban = page.locator('.zd-feature-switches label.bp6-switch', { hasText: 'Kanban' })
    t.notOk(await kanban.locator('input').isChecked(), 'Básico starts without Kanban')
    await kanban.click()
    await page.getByRole('button', { name: 'Salvar' }).click()
    await waitForToast(page, 'Salvo com sucesso!')
    await page.locator('[data-testid=plans-table] tr', { hasText: 'Básico' }).getByText('Kanban').waitFor()
    await b.screenshot('kanban-plan-form')
  })
  await logout(b)
})

t.test('the company admin prepares a queue, an agent, two lanes and a sandbox connection; tickets arrive', async (t) => {
  token = await step(b, 'admin-login', () => login(b, admin.email, admin.password))
  const menu = await menuIds(b)
  t.ok(menu.includes('kanban'), 'the plan now shows Kanban')
  t.ok(menu.indexOf('kanban') > menu.indexOf('tickets') && menu.indexOf('kanban') < menu.indexOf('todolist'), 'between Tickets and the to-do list (spec order)')
  ids.queue = (await api<{ id: number }>('POST', '/queue', { name: 'Vendas', color: '#2965cc' })).id
  await api('POST', '/users', { name: 'Paula Agente', email: agent.email, password: agent.password, profile: 'user', queueIds: [ids.queue] })
  ids.proposta = (await api<{ id: number }>('POST', '/tags', { name: 'Proposta', color: '#d9822b', kanban: 1 })).id
  ids.fechamento = (await api<{ id: number }>('POST', '/tags', { name: 'Fechamento', color: '#238551', kanban: 1 })).id
  await api('POST', '/tags', { name: 'Só rótulo', color: '#5c7080' })
  const sandbox = await api<{ id: number }>('POST', '/whatsapp', { name: 'Sandbox Kanban', provider: 'sandbox', queueIds: [ids.queue] })
  await until('the sandbox to connect', async () => ((await api<{ status: string }>('GET', `/whatsapp/${sandbox.id}`)).status === 'CONNECTED' ? true : undefined))
  await api('POST', `/sandbox/${sandbox.id}/messages`, { from: '5511987650001', name: 'Ana Cliente', body: 'Quero um orçamento' })
  await api('POST', `/sandbox/${sandbox.id}/messages`, { from: '5511987650002', name: 'Bruno Cliente', body: 'Vocês entregam amanhã?' })
  // Tickets come from the tickets plugin's pipeline; GET /tickets answering with both means it has done its work.
  type Listed = { id: number; uuid: string; contact: { name: string } }
  const tickets = await until('both tickets', async () => {
    const list = (await api<{ tickets: Listed[] }>('GET', '/tickets?pageNumber=1&showAll=true&status=pending')).tickets
    return list.length >= 2 ? list : undefined
  })
  const ana = tickets.find((x) => x.contact.name === 'Ana Cliente')!
  ids.ana = ana.id
  anaUuid = ana.uuid
  ids.bruno = tickets.find((x) => x.contact.name === 'Bruno Cliente')!.id
  const board = await api<{ tickets: Array<{ id: number; lastMessage: string }> }>('GET', '/ticket/kanban')
  t.same(board.tickets.map((x) => x.id).sort(), [ids.ana, ids.bruno].sort(), 'both on the board')
})

t.test('both boards show the lanes and the cards; a drag on one moves the card on the other', async (t) => {
  const { page } = b
  await step(b, 'admin-board', async () => {
    await page.click('.zd-sidebar [data-menu-id=kanban]')
    await page.waitForURL('**/kanban')
    await card(b, 0, ids.ana).waitFor()
    await card(b, 0, ids.bruno).waitFor()
  })
  const lanes = await page.locator('[data-lane-id]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))
  t.same(lanes, ['Em aberto', 'Fechamento', 'Proposta'], '"Em aberto", then one lane per kanban tag (plain labels are no lane)')
  const anaText = await card(b, 0, ids.ana).innerText()
  t.match(anaText, /Ana Cliente/)
  t.match(anaText, /5511987650001/)
  t.match(anaText, /Quero um orçamento/)
  await step(agentBrowser, 'agent-board', async () => {
    await login(agentBrowser, agent.email, agent.password)
    await agentBrowser.page.click('.zd-sidebar [data-menu-id=kanban]')
    await card(agentBrowser, 0, ids.ana).waitFor()
    await card(agentBrowser, 0, ids.bruno).waitFor()
  })
  await step(b, 'admin-drags', async () => {
    await card(b, 0, ids.ana).dragTo(page.locator(`[data-lane-id="${ids.proposta}"]`))
    await waitForToast(page, 'Ticket Tag Adicionado com Sucesso!')
    t.notOk((await toastTexts(page)).includes('Ticket Tag Removido!'), 'one toast per move')
    await card(b, ids.proposta, ids.ana).waitFor()
    t.equal(await page.locator('.zd-kanban-card--dragging, .zd-kanban-lane--target').count(), 0, 'nothing stays marked as dragged')
    await b.screenshot('kanban-admin-after-drag')
  })
  await step(agentBrowser, 'agent-follows', () => card(agentBrowser, ids.proposta, ids.ana).waitFor())
  t.pass('the agent\'s board moved the card live')
  await step(agentBrowser, 'agent-drags', async () => {
    await card(agentBrowser, 0, ids.bruno).dragTo(agentBrowser.page.locator(`[data-lane-id="${ids.fechamento}"]`))
    await waitForToast(agentBrowser.page, 'Ticket Tag Adicionado com Sucesso!')
  })
  await step(b, 'admin-follows', () => card(b, ids.fechamento, ids.bruno).waitFor())
  await step(b, 'back-to-open', async () => {
    await card(b, ids.proposta, ids.ana).dragTo(page.locator('[data-lane-id="0"]'))
    await waitForToast(page, 'Ticket Tag Removido!')
    await card(b, 0, ids.ana).waitFor()
    await card(agentBrowser, 0, ids.ana).waitFor()
  })
  const board = await api<{ tickets: Array<{ id: number; tags: Array<{ name: string }> }> }>('GET', '/ticket/kanban')
  t.same(board.tickets.find((x) => x.id === ids.bruno)?.tags.map((x) => x.name), ['Fechamento'], 'the server agrees')
  t.same(board.tickets.find((x) => x.id === ids.ana)?.tags, [])
  await step(agentBrowser, 'view-ticket', async () => {
    await card(agentBrowser, 0, ids.ana).getByRole('button', { name: 'Ver ticket' }).click()
    await agentBrowser.page.waitForURL(`**/tickets/${anaUuid}`)
    await agentBrowser.page.goBack()
    await card(agentBrowser, 0, ids.ana).waitFor()
  })
})

t.test('the admin switches Kanban off: the open board, the page and the API refuse', async (t) => {
  const { page } = b
  await step(b, 'switch-off', async () => {
    await page.goto(`${server.url}/settings?tab=modules`)
    const row = page.locator('[data-testid=modules-panel] [data-feature=useKanban]')
    await row.locator('input[type=checkbox]').waitFor({ state: 'attached' })
    t.ok(await row.locator('input[type=checkbox]').isChecked(), 'on before')
    await row.locator('label.bp6-switch').click()
    await waitForToast(page, /desativado/)
    await page.locator('.zd-sidebar [data-menu-id=kanban]').waitFor({ state: 'detached' })
  })
  await step(agentBrowser, 'agent-refused-live', async () => {
    await waitForToast(agentBrowser.page, NO_PERMISSION)
    // Home, which sends an agent on to the tickets at once: '/' may come and go between two looks at the URL.
    await agentBrowser.page.waitForURL((u) => u.pathname === '/tickets')
    await agentBrowser.page.locator('.zd-sidebar [data-menu-id=kanban]').waitFor({ state: 'detached' })
  })
  await step(b, 'admin-refused', async () => {
    await page.goto(`${server.url}/kanban`)
    await waitForToast(page, NO_PERMISSION)
    await page.waitForURL((u) => u.pathname === '/')
  })
  const agentToken = (await agentBrowser.page.evaluate(() => localStorage.getItem('token'))) ?? ''
  for (const [method, path, bearer] of [
    ['GET', '/ticket/kanban', agentToken], ['GET', '/tags/kanban', token], ['DELETE', `/ticket-tags/${ids.bruno}`, token], ['PUT', `/ticket-tags/${ids.ana}/${ids.proposta}`, agentToken],
  ]) {
    const res = await call(method, path, undefined, bearer)
    t.same([res.status, (await res.json()).error], [403, 'ERR_FEATURE_DISABLED'], `${method} ${path}`)
  }
})

t.test('no console errors along the way', async (t) => {
  t.same(b.errors, [])
  t.same(agentBrowser.errors, [])
})
