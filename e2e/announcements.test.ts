import t from 'tap'
import { startServer, type RunningServer } from './lib/server.ts'
import { escapeDialog, openBrowser, step, waitForToast, type BrowserSession } from './lib/browser.ts'
import { apiCall, signIn } from './lib/session.ts'

t.setTimeout(300_000)

let server: RunningServer
/** The super user's browser and a company agent's, side by side: what one saves, the other sees live. */
let boss: BrowserSession
let agent: BrowserSession
let bossToken = ''
const AGENT = { email: `carla-${Date.now()}@example.com`, password: 'agent-pass-1' }

t.before(async () => {
  server = await startServer()
  boss = await openBrowser()
  agent = await openBrowser()
})

t.teardown(async () => {
  await agent?.close()
  await boss?.close()
  await server?.stop()
})

const api = <T>(method: string, path: string, body?: unknown, token?: string): Promise<T> => apiCall<T>(server.url, method, path, body, token)
const overflow = (s: BrowserSession) => s.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
const row = (title: string) => boss.page.locator('[data-testid=announcements-table] tbody tr', { hasText: title })
const popover = () => agent.page.locator('[data-testid=announcements-popover]')
const statusSwitch = () => boss.page.locator('input[data-testid=ann-status], [data-testid=ann-status] input')
const card = (title: string) => agent.page.locator(`[data-announcement-card="${title}"]`)

/** A real image to upload: a banner drawn by the browser itself. */
async function banner(): Promise<Buffer> {
  const page = await agent.context.newPage()
  await page.setContent('<div id="b" style="width:320px;height:120px;display:grid;place-items:center;font:bold 28px sans-serif;color:#fff;background:linear-gradient(90deg,#0f766e,#2563eb)">Zapdesk 6.1</div>')
  const png = await page.locator('#b').screenshot()
  await page.close()
  return png
}

async function openPopover() {
  await agent.page.click('[data-testid=announcements-button]')
  await popover().waitFor()
  // Blueprint's popover grows in with a short transition: measure and photograph it once it has settled.
  await agent.page.waitForTimeout(400)
}

async function closePopover() {
  await agent.page.keyboard.press('Escape')
  await popover().waitFor({ state: 'detached' })
}

t.test('a company agent starts with an empty announcements popover', async (t) => {
  const email = `owner-${Date.now()}@example.com`
  await api('POST', '/companies/cadastro', { name: 'Padaria Aurora', email, phone: '', password: 'owner-pass-1', planId: 2, recurrence: 'MENSAL', dueDate: '2099-01-01', status: true, campaignsEnabled: true })
  const owner = await api<{ token: string }>('POST', '/auth/login', { email, password: 'owner-pass-1' })
  await api('POST', '/users', { name: 'Carla Agente', ...AGENT, profile: 'user', allTicket: 'desabled' }, owner.token)
  await step(agent, 'agent-empty', async () => {
    await signIn(agent.page, server.url, AGENT.email, AGENT.password)
    const ids = await agent.page.locator('.zd-sidebar [data-menu-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-menu-id')))
    t.notOk(ids.includes('announcements'), 'no menu entry for an agent')
    t.equal(await agent.page.locator('[data-testid=announcements-badge]').count(), 0, 'no badge')
    await openPopover()
    await popover().getByText('Nenhum informativo no momento.').waitFor()
    await closePopover()
  })
})

t.test('the super user publishes one with an image; the agent sees it live in the top bar, image included', async (t) => {
  const { page } = boss
  bossToken = await signIn(page, server.url, server.admin.email, server.admin.password)
  await step(boss, 'menu-and-empty', async () => {
    await page.click('.zd-sidebar [data-menu-id=announcements]')
    await page.waitForURL('**/announcements')
    await page.getByText('Nenhum informativo ainda.').waitFor()
  })
  await step(boss, 'validation', async () => {
    await page.click('[data-testid=announcements-add]')
    await page.click('[data-testid=announcement-save]')
    t.equal(await page.locator('.zd-dialog').getByText('Obrigatório').count(), 2, 'title and text are required')
  })
  await step(boss, 'create', async () => {
    await page.fill('#ann-title', 'Nova versão no ar')
    await page.fill('#ann-text', 'Relatórios mais rápidos e respostas com imagem.\nAtualize a página.')
    t.equal(await page.locator('#ann-priority').inputValue(), '3', 'low priority by default')
    await page.selectOption('#ann-priority', '1')
    t.ok(await statusSwitch().isChecked(), 'active by default')
    await page.locator('#ann-media').setInputFiles({ name: 'versao.png', mimeType: 'image/png', buffer: await banner() })
    await boss.screenshot('announcements-dialog')
    await page.click('[data-testid=announcement-save]')
    await waitForToast(page, 'Informativo salvo com sucesso!')
    await page.locator('.zd-dialog').waitFor({ state: 'detached' })
    await row('Nova versão no ar').getByText('versao.png').waitFor()
    await row('Nova versão no ar').getByRole('cell', { name: 'Alta', exact: true }).waitFor()
    await row('Nova versão no ar').getByRole('cell', { name: 'Ativo', exact: true }).waitFor()
    await page.locator('.zd-page-count', { hasText: '1 informativo' }).waitFor()
  })
  await boss.screenshot('announcements-list')

  await step(agent, 'agent-live', async () => {
    await agent.page.locator('[data-testid=announcements-badge]', { hasText: '1' }).waitFor()
    await openPopover()
    await card('Nova versão no ar').getByText('Relatórios mais rápidos').waitFor()
    await card('Nova versão no ar').getByText('Alta').waitFor()
    const image = card('Nova versão no ar').locator('img')
    await image.waitFor()
    await t.resolves(image.evaluate((img: HTMLImageElement) => img.decode()), 'the image loads')
    t.ok(await image.evaluate((img: HTMLImageElement) => img.naturalWidth) > 100, 'and has its width')
    t.match(await image.getAttribute('src'), /^\/api\/public\/\d+\/[0-9a-f-]{36}\.png$/, 'from the public path')
    await popover().getByText('1 novo').waitFor()
    await agent.screenshot('announcements-popover')
    await closePopover()
    t.equal(await agent.page.locator('[data-testid=announcements-badge]').count(), 0, 'seen: no badge')
  })
  await step(agent, 'seen-survives-reload', async () => {
    await agent.page.reload()
    await agent.page.locator('.zd-sidebar [data-menu-id]').first().waitFor()
    await agent.page.locator('[data-testid=announcements-button]').waitFor()
    await agent.page.waitForTimeout(500)
    t.equal(await agent.page.locator('[data-testid=announcements-badge]').count(), 0, 'still seen after a reload (localStorage)')
  })
})

t.test('deactivating and deleting reach the agent live; the agent cannot open the page', async (t) => {
  const { page } = boss
  await step(boss, 'deactivate', async () => {
    await openPopover()
    await card('Nova versão no ar').waitFor()
    await row('Nova versão no ar').locator('[data-testid=announcement-edit]').click()
    // The label, as a user clicks it: Playwright waits until the opening dialog stops moving (a forced click on the
    // hidden input could land beside it mid-transition and change nothing).
    await boss.page.locator('label.bp6-switch', { has: statusSwitch() }).click()
    t.notOk(await statusSwitch().isChecked())
    await page.click('[data-testid=announcement-save]')
    await waitForToast(page, 'Informativo salvo com sucesso!')
    await row('Nova versão no ar').getByRole('cell', { name: 'Inativo', exact: true }).waitFor()
    await popover().getByText('Nenhum informativo no momento.').waitFor()
    await closePopover()
  })
  const second = await api<{ id: number }>('POST', '/announcements', { title: 'Manutenção domingo', text: 'Das 2h às 4h.', priority: 2 }, bossToken)
  await step(boss, 'delete', async () => {
    await agent.page.locator('[data-testid=announcements-badge]', { hasText: '1' }).waitFor()
    await row('Manutenção domingo').locator('[data-testid=announcement-delete]').click()
    await page.getByText('Excluir o informativo Manutenção domingo?').waitFor()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click()
    await waitForToast(page, 'Informativo excluído com sucesso!')
    await agent.page.locator('[data-testid=announcements-badge]').waitFor({ state: 'detached' })
    t.ok(second.id > 0)
  })
  await step(agent, 'agent-refused', async () => {
    await agent.page.goto(`${server.url}/announcements`)
    await waitForToast(agent.page, 'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.')
    await agent.page.waitForURL((u) => u.pathname !== '/announcements')
  })
})

t.test('at 390 px in pt, en and es the popover, the page and its dialog fit and speak the language', async (t) => {
  await api('PUT', `/announcements/${(await api<{ records: Array<{ id: number }> }>('GET', '/announcements', undefined, bossToken)).records[0].id}`, { status: true }, bossToken)
  await boss.page.setViewportSize({ width: 390, height: 780 })
  await agent.page.setViewportSize({ width: 390, height: 780 })
  const texts = {
    pt: { count: '1 informativo', priority: 'Alta', add: 'Adicionar informativo' },
    en: { count: '1 announcement', priority: 'High', add: 'Add announcement' },
    es: { count: '1 comunicado', priority: 'Alta', add: 'Agregar comunicado' },
  }
  for (const [lng, text] of Object.entries(texts)) {
    await step(agent, `phone-popover-${lng}`, async () => {
      await agent.page.evaluate((l) => localStorage.setItem('language', l), lng)
      await agent.page.goto(`${server.url}/tickets`)
      await openPopover()
      await card('Nova versão no ar').getByText(text.priority).waitFor()
      await card('Nova versão no ar').locator('img').evaluate((img: HTMLImageElement) => img.decode())
      const box = await popover().boundingBox()
      t.ok(box && box.x >= 0 && box.x + box.width <= 390, `${lng}: the popover fits 390 px`)
      t.ok(await overflow(agent) <= 0, `${lng}: the page does not scroll sideways`)
      await agent.screenshot(`announcements-popover-phone-${lng}`)
      await closePopover()
    })
    await step(boss, `phone-page-${lng}`, async () => {
      await boss.page.evaluate((l) => localStorage.setItem('language', l), lng)
      await boss.page.goto(`${server.url}/announcements`)
      await boss.page.locator('.zd-page-count', { hasText: text.count }).waitFor()
      t.ok(await overflow(boss) <= 0, `${lng}: the list fits 390 px`)
      const actions = row('Nova versão no ar').locator('[data-testid=announcement-edit]')
      t.ok(await actions.evaluate((el) => el.getBoundingClientRect().right <= window.innerWidth), `${lng}: the row's actions are on screen`)
      await boss.screenshot(`announcements-phone-${lng}`)
      await boss.page.click('[data-testid=announcements-add]')
      await boss.page.getByText(text.add).waitFor()
      await boss.page.waitForTimeout(400)
      t.ok(await overflow(boss) <= 0, `${lng}: the dialog fits 390 px`)
      await boss.screenshot(`announcements-dialog-phone-${lng}`)
      await escapeDialog(boss.page)
    })
  }
})

t.test('no console errors along the way', async (t) => {
  t.same(boss.errors, [])
  t.same(agent.errors, [])
})
