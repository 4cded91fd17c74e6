import fs from 'node:fs'
import t from 'tap'
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type RunningServer } from './lib/server.ts'
import { apiCall, signIn } from './lib/session.ts'
import { escapeDialog, openBrowser, step, waitForToast, type BrowserSession } from './lib/browser.ts'
import { until } from './lib/until.ts'

/**
 * The audit log end to end: the admin creates a queue, a connection and an agent, then renames the queue on /queues;
 * /audit lists them (newest first), filters, opens the before/after dialog (the agent's password masked), and
 * exports the CSV. Then pt,
 * en and es at 390 px: the page and the dialog fit and speak the language.
 */
t.setTimeout(600_000)

const company = { name: 'Loja Auditada', email: `audit-${Date.now()}@example.com`, phone: '', password: 'audit-pass-1', planId: 2, recurrence: 'MENSAL', dueDate: '2099-01-01', status: true, campaignsEnabled: true }

let server: RunningServer
let b: BrowserSession
let token = ''

t.before(async () => {
  server = await startServer()
  b = await openBrowser()
})

t.teardown(async () => {
  await b?.close()
  await server?.stop()
})

const api = <T>(method: string, path: string, body?: unknown): Promise<T> => apiCall<T>(server.url, method, path, body, token)
const overflow = () => b.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
const rows = () => b.page.locator('[data-testid=audit-table] tbody tr')

t.test('setup: a company whose admin creates a queue and a connection', async (t) => {
  await api('POST', '/companies/cadastro', company)
  token = await signIn(b.page, server.url, company.email, company.password)
  await api('POST', '/queue', { name: 'Suporte', color: '#2965CC' })
  await api('POST', '/whatsapp', { name: 'Loja WhatsApp', provider: 'sandbox' })
  await api('POST', '/users', { name: 'Agente Ana', email: `ana-${Date.now()}@example.com`, password: 'Senha-Secreta-1', profile: 'user' })
  t.pass('a queue, a connection and an agent created')
})

t.test('the admin renames the queue on /queues; /audit lists it with its before and after', async (t) => {
  const { page } = b
  await step(b, 'rename-queue', async () => {
    await page.click('.zd-sidebar [data-menu-id=queues]')
    await page.waitForURL('**/queues')
    await page.locator('[data-testid=queues-table] tr', { hasText: 'Suporte' }).getByRole('button', { name: 'Editar' }).click()
    await page.locator('#queue-name').fill('Suporte Premium')
    await page.click('[data-testid=queue-save]')
    await waitForToast(page, 'Fila salva com sucesso!')
  })
  await step(b, 'audit-list', async () => {
    await page.click('.zd-sidebar [data-menu-id=audit]')
    await page.waitForURL('**/audit')
    await rows().first().waitFor()
    await until('the rename listed', async () => {
      if (await page.locator('[data-testid=audit-table]').getByText('Filas: Suporte Premium').count()) return true
      await page.reload()
      await rows().first().waitFor()
      return false
    })
    t.match(await rows().first().innerText(), /Alterou[\s\S]*Filas: Suporte Premium/, 'newest first: the rename')
    t.ok(await page.locator('[data-testid=audit-table]').getByText('Conexões: Loja WhatsApp').count() >= 1, 'the connection too')
  })
  await page.waitForTimeout(300)
  await b.screenshot('audit-list')
  await step(b, 'filter', async () => {
    await page.selectOption('[data-testid=audit-kind]', 'queues')
    await until('only queues', async () => (await rows().allInnerTexts()).every((r) => r.includes('Filas')) && (await rows().count()) === 2)
    await page.fill('[data-testid=audit-search]', 'nada-assim')
    await page.getByText('Nenhum registro com estes filtros.').waitFor()
    await page.click('[data-testid=audit-clear]')
    await page.locator('[data-testid=audit-table]').getByText('Conexões: Loja WhatsApp').first().waitFor()
  })
  await step(b, 'diff', async () => {
    await rows().filter({ hasText: 'Suporte Premium' }).first().click()
    const dialog = page.locator('.zd-audit-dialog')
    await dialog.locator('[data-testid=audit-diff] tr[data-field=name]').waitFor()
    t.equal(await dialog.locator('tr[data-field=name] .zd-audit-before').innerText(), 'Suporte')
    t.equal(await dialog.locator('tr[data-field=name] .zd-audit-after').innerText(), 'Suporte Premium')
    await page.waitForTimeout(300)
    await b.screenshot('audit-diff')
    await escapeDialog(page, '.zd-audit-dialog')
  })
  await step(b, 'diff-masked', async () => {
    await page.selectOption('[data-testid=audit-kind]', 'users')
    await rows().filter({ hasText: 'Agente Ana' }).first().click()
    const dialog = page.locator('.zd-audit-dialog')
    await dialog.locator('tr[data-field=password] [data-masked]').waitFor()
    t.equal(await dialog.locator('tr[data-field=name] .zd-audit-after').innerText(), 'Agente Ana')
    t.notOk((await dialog.innerText()).includes('Senha-Secreta-1'), 'the password is masked')
    await page.waitForTimeout(300)
    await b.screenshot('audit-diff-user')
    await escapeDialog(page, '.zd-audit-dialog')
    await page.click('[data-testid=audit-clear]')
  })
})

t.test('Export CSV downloads the filtered log', async (t) => {
  const { page } = b
  const csv = await step(b, 'export', async () => {
    await page.locator('[data-testid=audit-table]').getByText('Filas: Suporte Premium').waitFor()
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=audit-export]')])
    t.match(download.suggestedFilename(), /^audit-\d{4}-\d{2}-\d{2}\.csv$/)
    return fs.readFileSync((await download.path())!, 'utf8')
  })
  const lines = csv.replace(/^\uFEFF/, '').trim().split('\r\n')
  t.match(lines[0], /^at,user,ip,action,kind,resource,name,method,route,changes$/)
  t.ok(lines.some((l) => l.includes('Suporte Premium') && l.includes('queues') && l.includes('updated')), 'the rename is in the file')
  t.notOk(lines[0].split(',').includes('company'), 'an admin\'s export has no company column')
})

t.test('at 390 px in pt, en and es the page and the dialog fit and speak the language', async (t) => {
  const { page } = b
  await page.setViewportSize({ width: 390, height: 780 })
  const texts = { pt: { title: 'Registro de auditoria', before: 'Antes' }, en: { title: 'Audit log', before: 'Before' }, es: { title: 'Registro de auditoría', before: 'Antes' } }
  for (const [lng, text] of Object.entries(texts)) {
    await page.evaluate((l) => localStorage.setItem('language', l), lng)
    await step(b, `phone-${lng}`, async () => {
      await page.goto(`${server.url}/audit`)
      await page.locator('.zd-page-title', { hasText: text.title }).waitFor()
      await rows().first().waitFor()
      t.ok(await overflow() <= 0, `${lng}: the list fits 390 px`)
      await page.waitForTimeout(300)
      await b.screenshot(`audit-phone-${lng}`)
      await rows().filter({ hasText: 'Suporte Premium' }).first().click()
      await page.locator('.zd-audit-dialog th', { hasText: text.before }).waitFor()
      t.ok(await overflow() <= 0, `${lng}: the dialog fits 390 px`)
      await page.waitForTimeout(400)
      await b.screenshot(`audit-diff-phone-${lng}`)
      await escapeDialog(page, '.zd-audit-dialog')
    })
  }
})

t.test('a super user sees every company\'s entries with the company named, and filters by company', async (t) => {
  const { page } = b
  await page.setViewportSize({ width: 1366, height: 800 })
  await page.evaluate(() => localStorage.setItem('language', 'pt'))
  await page.evaluate(() => { localStorage.removeItem('token') })
  await step(b, 'super', async () => {
    await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD)
    await page.goto(`${server.url}/audit`)
    await page.getByText('Alterações feitas por administradores e super usuários de todas as empresas.').waitFor()
    await rows().filter({ hasText: 'Suporte Premium' }).first().waitFor()
    t.match(await rows().filter({ hasText: 'Suporte Premium' }).first().innerText(), /Loja Auditada/, 'the company is named')
    const companyOption = page.locator('[data-testid=audit-company] option', { hasText: 'Loja Auditada' })
    await companyOption.waitFor({ state: 'attached' })
    await page.selectOption('[data-testid=audit-company]', { label: 'Loja Auditada' })
    await until('one company\'s rows', async () => (await rows().count()) === 4)
  })
  await page.waitForTimeout(300)
  await b.screenshot('audit-super')
})

t.test('no console errors along the way', async (t) => {
  t.same(b.errors, [])
})
