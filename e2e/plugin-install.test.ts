import t from 'tap'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { spawnSync } from 'node:child_process'
import { ROOT, startServer, type RunningServer } from './lib/server.ts'
import { apiCall, signIn } from './lib/session.ts'
import { openBrowser, step, waitForToast, type BrowserSession } from './lib/browser.ts'

// Installing the example third-party plugin is one config line (ZAPDESK_PLUGINS) for the server and the web build.
const PLUGIN = './examples/plugin-hello'

t.setTimeout(600_000)

let server: RunningServer
let b: BrowserSession
let webDist: string

t.before(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'zapdesk-web-plugin-'))
  const build = spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--outDir', webDist, '--emptyOutDir', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ZAPDESK_PLUGINS: PLUGIN } })
  if (build.status !== 0) throw new Error('web build with the example plugin failed')
  server = await startServer({ ZAPDESK_PLUGINS: PLUGIN, WEB_DIST: webDist }, { typescript: true })
  b = await openBrowser()
})

t.teardown(async () => {
  await b?.close()
  await server?.stop()
  if (webDist) fs.rmSync(webDist, { recursive: true, force: true })
})

const api = <T>(method: string, url: string, body?: unknown, token?: string): Promise<T> => apiCall<T>(server.url, method, url, body, token)

const login = (email: string, password: string) => signIn(b.page, server.url, email, password)

const menuIds = () => b.page.locator('.zd-sidebar [data-menu-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-menu-id')))

t.test('the super user sees the plugin\'s feature in the plan form and adds it to a plan; its admins get the page', async (t) => {
  const { page } = b
  const email = `owner-${Date.now()}@example.com`
  await api('POST', '/companies/cadastro', { name: 'Padaria Lua', email, phone: '', password: 'owner-pass-1', planId: 1, recurrence: 'MENSAL', dueDate: '2099-01-01', status: true, campaignsEnabled: true })

  await step(b, 'owner-without-feature', async () => {
    await login(email, 'owner-pass-1')
    t.notOk((await menuIds()).includes('hello-board'), 'Básico lacks the feature: no menu entry')
  })
  await step(b, 'plan-form', async () => {
    await page.click('[data-testid=account-menu]')
    await page.click('[data-testid=logout]')
    await login(server.admin.email, server.admin.password)
    await page.goto(`${server.url}/settings?tab=plans`)
    await page.locator('[data-testid=plans-table] tr', { hasText: 'Básico' }).click()
    const feature = page.locator('.zd-feature-switches label', { hasText: 'Mural de recados' })
    await feature.waitFor()
    t.notOk(await feature.locator('input').isChecked(), 'offered, off for Básico')
    await feature.click()
    await page.click('.zd-form-actions button[type=submit]')
    await page.locator('[data-testid=plans-table] tr', { hasText: 'Básico' }).waitFor()
  })
  const owner = await api<{ token: string; user: { companyId: number } }>('POST', '/auth/login', { email, password: 'owner-pass-1' })
  const plan = await api<{ plan: Record<string, unknown> }>('GET', `/companies/listPlan/${owner.user.companyId}`, undefined, owner.token)
  t.equal(plan.plan.useHelloBoard, true, 'the company\'s plan now has the feature')

  await step(b, 'owner-with-feature', async () => {
    await page.click('[data-testid=account-menu]')
    await page.click('[data-testid=logout]')
    await login(email, 'owner-pass-1')
    await page.locator('.zd-sidebar [data-menu-id=hello-board]').click()
    await page.waitForURL('**/hello-board')
    await page.getByText('Nenhum recado ainda').waitFor()
    await page.fill('[data-testid=hello-board-text]', 'Bom dia, equipe!')
    await page.click('[data-testid=hello-board-post]')
    await page.locator('[data-testid=hello-board-item]', { hasText: 'Bom dia, equipe!' }).waitFor()
  })
  t.pass('installed by config, offered to plans, enabled, page works live')
  t.same(b.errors.filter((e) => !/favicon/.test(e)), [], 'no console errors')
})

t.test('the plugin comes only from the config line: its route exists here and is gated like any other', async (t) => {
  const res = await fetch(`${server.url}/api/hello-board/posts`)
  t.equal(res.status, 401, 'the route exists (and wants a token)')
  t.notOk(fs.existsSync(path.join(ROOT, 'plugins/hello-board')), 'it lives outside plugins/')
})
