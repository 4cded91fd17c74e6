import t from 'tap'
import { startServer, type RunningServer } from './lib/server.ts'
import { apiCall, signIn } from './lib/session.ts'
import { until } from './lib/until.ts'
import { escapeDialog, openBrowser, step, waitForToast, type BrowserSession } from './lib/browser.ts'

t.setTimeout(300_000)

let server: RunningServer
let b: BrowserSession

t.before(async () => {
  server = await startServer()
  b = await openBrowser()
})

t.teardown(async () => {
  await b?.close()
  await server?.stop()
})

const api = <T>(method: string, path: string, body?: unknown, token?: string): Promise<T> => apiCall<T>(server.url, method, path, body, token)

/** Home is '/', which sends an agent without the dashboard on to '/tickets' as soon as the page has loaded. */
const atHome = (u: URL) => u.pathname === '/' || u.pathname === '/tickets'

async function login(email: string, password: string) {
  await signIn(b.page, server.url, email, password)
  await b.page.waitForURL(atHome)
}

async function logout() {
  await b.page.click('[data-testid=account-menu]')
  await b.page.click('[data-testid=logout]')
  await b.page.waitForURL('**/login')
}

t.test('password recovery screens validate as the spec says', async (t) => {
  const { page } = b
  await step(b, 'forgot', async () => {
    await page.goto(`${server.url}/forgetpsw`)
    await page.click('button[type=submit]')
    await page.getByText('Obrigatório').waitFor()
    await page.fill('#forgot-email', 'nope')
    await page.click('button[type=submit]')
    await page.getByText('E-mail inválido').waitFor()
  })
  await step(b, 'reset', async () => {
    await page.goto(`${server.url}/resetpsw`)
    await page.waitForURL('**/login')
    await page.goto(`${server.url}/resetpsw/some-token/someone@example.com`)
    await page.fill('#reset-password', 'weak')
    await page.click('button[type=submit]')
    await page.getByText('Use ao menos 8 caracteres').waitFor()
    await page.fill('#reset-password', 'Strong-Pass1')
    await page.fill('#reset-confirm', 'Strong-Pass2')
    await page.click('button[type=submit]')
    await page.getByText('As senhas não correspondem').waitFor()
    await page.fill('#reset-confirm', 'Strong-Pass1')
    await page.click('button[type=submit]')
    await waitForToast(page, 'Link de recuperação expirado!')
  })
  t.pass('forgot and reset screens')
})

t.test('an agent cannot open admin pages', async (t) => {
  const email = `owner-${Date.now()}@example.com`
  await api('POST', '/companies/cadastro', { name: 'Oficina Sol', email, phone: '', password: 'owner-pass-1', planId: 2, recurrence: 'MENSAL', dueDate: '2099-01-01', status: true, campaignsEnabled: true })
  const owner = await api<{ token: string }>('POST', '/auth/login', { email, password: 'owner-pass-1' })
  const agentEmail = `agent-${Date.now()}@example.com`
  await api('POST', '/users', { name: 'Carla Agente', email: agentEmail, password: 'agent-pass-1', profile: 'user', allTicket: 'desabled' }, owner.token)
  const { page } = b
  await step(b, 'agent-menu', async () => {
    await login(agentEmail, 'agent-pass-1')
    const ids = await page.locator('.zd-sidebar [data-menu-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-menu-id')))
    t.notOk(ids.includes('users'), 'no users entry')
    t.notOk(ids.includes('settings'), 'no settings entry')
    t.ok(ids.includes('todolist'), 'to-do entry')
  })
  await step(b, 'agent-refused', async () => {
    await page.goto(`${server.url}/settings`)
    await waitForToast(page, 'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.')
    // Home, then on to the tickets page (an agent without the dashboard): the menu is clicked after both redirects.
    // In this step's one CI failure the click came between them, and the page was on the tickets page when the to-do
    // input was still awaited 30 s later.
    await page.waitForURL('**/tickets')
    await page.getByTestId('tickets-list-open').waitFor()
  })
  await step(b, 'todo', async () => {
    await page.click('.zd-sidebar [data-menu-id=todolist]')
    await page.fill('[data-testid=todo-input]', '   ')
    await page.keyboard.press('Enter')
    await page.locator('.zd-field-error').waitFor()
    await page.fill('[data-testid=todo-input]', 'Ligar para o fornecedor')
    await page.keyboard.press('Enter')
    await page.locator('.zd-todo__item', { hasText: 'Ligar para o fornecedor' }).waitFor()
  })
  const tasks = await page.evaluate(() => JSON.parse(localStorage.getItem('tasks') ?? '[]'))
  t.equal(tasks[0]?.text, 'Ligar para o fornecedor', 'tasks kept in local storage')
  await logout()
})

t.test('a super user manages help entries and sees them as videos', async (t) => {
  const { page } = b
  // the refused reset token above logs its 400 in the console on purpose; count from here on
  b.errors.length = 0
  await login(server.admin.email, server.admin.password)
  await step(b, 'help-admin', async () => {
    await page.goto(`${server.url}/settings?tab=helps`)
    await page.fill('#help-title', 'Primeiros passos')
    await page.fill('#help-video', 'dQw4w9WgXcQ')
    await page.fill('#help-description', 'Como conectar o WhatsApp e atender o primeiro cliente.')
    await page.click('form button[type=submit]')
    await waitForToast(page, 'Salvo com sucesso!')
    await page.locator('.zd-table', { hasText: 'Primeiros passos' }).waitFor()
  })
  await step(b, 'helps-page', async () => {
    // thumbnails come from the video host, which this machine cannot reach
    await page.route('https://i.ytimg.com/**', (r) => r.fulfill({ status: 200, contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg"/>' }))
    await page.route('https://www.youtube-nocookie.com/**', (r) => r.fulfill({ status: 200, contentType: 'text/html', body: '<html></html>' }))
    await page.click('.zd-sidebar [data-menu-id=helps]')
    await page.locator('.zd-video-card', { hasText: 'Primeiros passos' }).click()
    await page.locator('.zd-video-dialog iframe').waitFor()
    await escapeDialog(page, '.zd-video-dialog')
  })
  await step(b, 'companies', async () => {
    await page.goto(`${server.url}/settings?tab=companies`)
    await page.locator('[data-testid=companies-table] tr', { hasText: 'Oficina Sol' }).click()
    const before = await page.inputValue('#company-due')
    await page.getByRole('button', { name: 'Somar período' }).click()
    await waitForToast(page, /Novo vencimento/)
    t.not(await page.inputValue('#company-due'), before, 'add-period moved the due date')
  })
  await step(b, 'plans', async () => {
    await page.click('#bp6-tab-title_settings-tabs_plans')
    await page.locator('[data-testid=plans-table]', { hasText: 'PRO' }).waitFor()
  })
  t.same(b.errors, [], 'no console errors')
})

t.test('narrow screens get an overlay menu', async (t) => {
  const { page } = b
  await page.setViewportSize({ width: 390, height: 780 })
  await page.goto(`${server.url}/`)
  const sidebar = page.locator('.zd-sidebar')
  const inView = async () => (await sidebar.boundingBox())!.x >= 0
  // Asked until the menu's slide (a CSS transition, slower on a busy machine) is over, not once after a fixed pause.
  t.ok(await until('menu hidden at first', async () => !(await inView()), 5000), 'menu hidden at first')
  await page.click('.zd-topbar__toggle')
  t.ok(await until('toggle opens it', inView, 5000), 'toggle opens it')
  await page.click('.zd-sidebar [data-menu-id=todolist]')
  await page.waitForURL('**/todolist')
  t.ok(await until('navigating closes it', async () => !(await inView()), 5000), 'navigating closes it')
  await page.setViewportSize({ width: 1366, height: 800 })
})
