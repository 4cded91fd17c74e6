import t from 'tap'
import { startServer, type RunningServer } from './lib/server.ts'
import { apiCall, signIn } from './lib/session.ts'
import { escapeDialog, openBrowser, step, waitForToast, type BrowserSession } from './lib/browser.ts'

t.setTimeout(300_000)

let server: RunningServer
let b: BrowserSession
let token = ''
const email = `filas-${Date.now()}@example.com`
const password = 'filas-pass-1'

t.before(async () => {
  server = await startServer()
  b = await openBrowser()
})

t.teardown(async () => {
  await b?.close()
  await server?.stop()
})

const api = <T>(method: string, path: string, body?: unknown): Promise<T> => apiCall<T>(server.url, method, path, body, token)

type Option = { title: string; option: number; children: Option[] }
const outline = (nodes: Option[]): unknown[] => nodes.map((n) => (n.children.length ? [`${n.option}.${n.title}`, outline(n.children)] : `${n.option}.${n.title}`))
const dialog = () => b.page.locator('.zd-queue-dialog')

t.test('an admin signs in with opening hours managed per queue', async (t) => {
  await api('POST', '/companies/cadastro', { name: 'Loja Horizonte', email, phone: '', password, planId: 2, recurrence: 'MENSAL', dueDate: '2099-01-01', status: true, campaignsEnabled: true })
  const { page } = b
  await step(b, 'login', async () => {
    // The browser's own session: a second login through the API would sign the browser out.
    token = await signIn(page, server.url, email, password)
    await page.waitForURL((u) => u.pathname === '/')
    await page.locator('.zd-sidebar [data-menu-id=queues]').waitFor()
  })
  await api('PUT', '/settings/scheduleType', { value: 'queue' })
  await api('POST', '/whatsapp', { name: 'Loja Horizonte WhatsApp', provider: 'sandbox' })
  const ids = await page.locator('.zd-sidebar [data-menu-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-menu-id')))
  t.comment(`menu: ${ids.join(', ')}`)
  t.ok(ids.indexOf('tags') > ids.indexOf('todolist') && ids.indexOf('tags') < ids.indexOf('helps'), 'tags in the spec\'s place')
  t.ok(ids.indexOf('queues') > ids.indexOf('todolist') && ids.indexOf('queues') < ids.indexOf('users'), 'queues in the spec\'s place, before users')
})

t.test('the admin creates a queue with an options tree and opening hours', async (t) => {
  const { page } = b
  await step(b, 'queue-data', async () => {
    await page.click('.zd-sidebar [data-menu-id=queues]')
    await page.waitForURL('**/queues')
    await page.click('[data-testid=add-queue]')
    await dialog().getByRole('tab', { name: 'Dados da Fila' }).waitFor()
    await page.click('[data-testid=queue-save]')
    await dialog().getByText('Obrigatório').waitFor()
    await page.fill('#queue-name', 'Vendas')
    await page.locator('.zd-palette__swatch').nth(7).click()
    await page.fill('#queue-greeting', 'Olá! Escolha uma opção:')
    await page.fill('#queue-out-of-hours', 'Estamos fechados agora.')
    await b.screenshot('queues-dialog-data')
    await page.click('[data-testid=queue-save]')
    await waitForToast(page, 'Fila salva com sucesso!')
    await dialog().getByText('Editar fila').waitFor()
  })
  await step(b, 'queue-link', async () => {
    await dialog().locator('[data-testid=queue-link]').getByText('Loja Horizonte WhatsApp').waitFor()
    await b.screenshot('queues-dialog-link')
    await dialog().locator('[data-testid=queue-link-submit]').click()
    await waitForToast(page, 'Fila vinculada a 1 conexão')
    await dialog().locator('[data-testid=queue-link]').waitFor({ state: 'detached' })
  })
  const linked = await api<Array<{ name: string; queueIds: number[] }>>('GET', '/whatsapp')
  t.equal(linked.find((w) => w.name === 'Loja Horizonte WhatsApp')?.queueIds.length, 1, 'the new queue is on the connection, offered right after it was created')
  await step(b, 'queue-options', async () => {
    await dialog().getByRole('tab', { name: 'Opções do chatbot' }).click()
    const addTop = async (title: string, message: string) => {
      await page.click('[data-testid=add-option]')
      await page.fill('[data-testid=option-draft] input[name=option-title]', title)
      await page.fill('[data-testid=option-draft] textarea[name=option-message]', message)
      await page.click('[data-testid=option-save]')
      await page.locator('[data-option-path]', { hasText: title }).first().waitFor()
    }
    await addTop('Comprar', 'O que deseja comprar?')
    await addTop('Trocas', 'Informe o número do pedido.')
    await page.locator('[data-option-path="1"] > .zd-option__row').getByRole('button', { name: 'Adicionar sub-opção' }).click()
    await page.fill('[data-testid=option-draft] input[name=option-title]', 'Celulares')
    await page.keyboard.press('Enter')
    await page.locator('[data-option-path="1.1"]', { hasText: 'Celulares' }).waitFor()
    await page.locator('[data-option-path="2"] > .zd-option__row').getByRole('button', { name: 'Subir' }).click()
    await page.locator('[data-option-path="1"] > .zd-option__row', { hasText: 'Trocas' }).waitFor()
    await b.screenshot('queues-dialog-options')
  })
  await step(b, 'queue-hours', async () => {
    await dialog().getByRole('tab', { name: 'Horários de Atendimento' }).click()
    t.equal(await page.inputValue('input[name=monday-start]'), '', 'a new queue starts without hours: none are invented')
    await page.click('[data-testid=queue-business-hours]')
    t.equal(await page.inputValue('input[name=monday-start]'), '08:00', 'the spec\'s business week, when asked for')
    t.equal(await page.inputValue('input[name=saturday-end]'), '12:00')
    await page.fill('input[name=monday-start]', '09:00')
    await page.fill('input[name=monday-end]', '17:30')
    await page.fill('input[name=sunday-start]', '10:00')
    await page.fill('input[name=sunday-end]', '14:00')
    await b.screenshot('queues-dialog-hours')
    await page.click('[data-testid=queue-save]')
    await waitForToast(page, 'Fila salva com sucesso!')
    await dialog().waitFor({ state: 'detached' })
    await page.locator('[data-testid=queues-table] tr', { hasText: 'Vendas' }).waitFor()
    await page.locator('[data-testid=queues-table] tr', { hasText: 'Vendas' }).locator('[data-testid=queue-hours]', { hasText: /Aberta agora|Fechada agora/ }).waitFor()
    await b.screenshot('queues-page')
  })
  const [queue] = await api<Array<{ id: number; name: string; color: string; greetingMessage: string; schedules: Array<{ weekdayEn: string; startTime: string; endTime: string }> }>>('GET', '/queue')
  t.match(queue, { name: 'Vendas', greetingMessage: 'Olá! Escolha uma opção:', color: /^#[0-9a-f]{6}$/ })
  const day = (d: string) => queue.schedules.find((s) => s.weekdayEn === d)
  t.match(day('monday'), { startTime: '09:00', endTime: '17:30' })
  t.match(day('sunday'), { startTime: '10:00', endTime: '14:00' })
  t.match(day('saturday'), { startTime: '08:00', endTime: '12:00' })
  const tree = await api<Option[]>('GET', `/queue-options?queueId=${queue.id}&parentId=-1`)
  t.same(outline(tree), ['1.Trocas', ['2.Comprar', ['1.Celulares']]], 'the tree as built, renumbered after the move')
})

t.test('the queue list follows live events and deletes with a confirmation', async (t) => {
  const { page } = b
  const other = await api<{ id: number }>('POST', '/queue', { name: 'Financeiro', color: '#123456', orderQueue: 1 })
  const row = page.locator(`[data-testid=queues-table] tr[data-queue-id="${other.id}"]`)
  await step(b, 'queue-live', () => row.waitFor())
  t.equal(await row.locator('[data-testid=queue-hours]').innerText(), 'Sem horário (sempre aberta)', 'a queue nobody gave hours says it is always open')
  t.equal(await page.locator('[data-testid=queues-table] tbody tr').first().getAttribute('data-queue-id'), String(other.id), 'orderQueue 1 comes first')
  await step(b, 'queue-delete', async () => {
    await row.getByRole('button', { name: 'Excluir' }).click()
    const confirm = page.locator('.zd-confirm').getByRole('button', { name: 'Excluir' })
    await confirm.waitFor()
    const shown = await confirm.boundingBox()
    await page.waitForTimeout(400)
    t.same(await confirm.boundingBox(), shown, 'the confirmation\'s buttons stay where they appeared')
    await confirm.click()
    await waitForToast(page, 'Fila excluída com sucesso!')
    await row.waitFor({ state: 'detached' })
  })
  t.same((await api<Array<{ name: string }>>('GET', '/queue')).map((q) => q.name), ['Vendas'])
})

t.test('the users dialog links an agent to the queue and to a connection of their own', async (t) => {
  const { page } = b
  const agent = await api<{ id: number }>('POST', '/users', { name: 'Paula Agente', email: `paula-${Date.now()}@example.com`, password: 'agent-pass-1' })
  const connections = await api<Array<{ id: number; name: string }>>('GET', '/whatsapp/?session=0')
  const connection = connections.find((c) => c.name === 'Loja Horizonte WhatsApp')!
  const editPaula = () => page.locator('[data-testid=users-table] tr', { hasText: 'Paula Agente' }).getByRole('button', { name: 'Editar' }).click()
  await step(b, 'user-queues', async () => {
    await page.click('.zd-sidebar [data-menu-id=users]')
    await editPaula()
    await page.locator('.zd-queue-pick', { hasText: 'Vendas' }).click()
    await page.selectOption('#user-connection', { label: 'Loja Horizonte WhatsApp' })
    await page.click('[data-testid=user-save]')
    await waitForToast(page, /salvo/)
  })
  const saved = await api<{ queues: Array<{ name: string }>; whatsappId: number | null }>('GET', `/users/${agent.id}`)
  t.same(saved.queues.map((q) => q.name), ['Vendas'])
  t.equal(saved.whatsappId, connection.id, 'the connection is saved')
  await step(b, 'user-connection-shown', async () => {
    await editPaula()
    await page.locator('#user-connection').waitFor()
    t.equal(await page.locator('#user-connection').inputValue(), String(connection.id), 'and shown when the dialog opens again')
    await escapeDialog(page)
  })
})

t.test('the admin creates a kanban tag and finds it by search', async (t) => {
  const { page } = b
  await step(b, 'tag-create', async () => {
    await page.click('.zd-sidebar [data-menu-id=tags]')
    await page.waitForURL('**/tags')
    await page.click('[data-testid=add-tag]')
    await page.fill('#tag-name', 'ab')
    await page.click('[data-testid=tag-save]')
    await page.getByText('Mensagem muito curta').waitFor()
    await page.fill('#tag-name', 'Cliente VIP')
    await page.fill('#tag-color', '#e67e22')
    // The switch's input is covered by its drawn indicator: click the label, as a person would.
    await page.locator('label.bp6-switch', { has: page.locator('[data-testid=tag-kanban]') }).click()
    await page.click('[data-testid=tag-save]')
    await waitForToast(page, 'Tag salva com sucesso!')
    await page.locator('[data-testid=tags-table] tr', { hasText: 'Cliente VIP' }).waitFor()
  })
  const kanban = await api<{ lista: Array<{ name: string; color: string; kanban: number; ticketsCount: number }> }>('GET', '/tags/kanban')
  t.match(kanban.lista, [{ name: 'Cliente VIP', color: '#e67e22', kanban: 1, ticketsCount: 0 }])
  await api('POST', '/tags', { name: 'Atacado', color: '#2980b9' })
  await step(b, 'tag-search', async () => {
    await page.locator('[data-testid=tags-table] tr', { hasText: 'Atacado' }).waitFor()
    await page.fill('[data-testid=tags-search]', 'VIP')
    await page.locator('[data-testid=tags-table] tr', { hasText: 'Atacado' }).waitFor({ state: 'detached' })
    await page.locator('[data-testid=tags-table] tr', { hasText: 'Cliente VIP' }).waitFor()
    await b.screenshot('tags-page')
  })
  t.pass('created, listed live, found by search')
})

t.test('no console errors along the way', async (t) => {
  t.same(b.errors, [])
})

t.test('the company\'s timezone is visible and editable in the options, in pt, en and es at 390 px', async (t) => {
  const { page } = b
  await page.setViewportSize({ width: 390, height: 800 })
  const labels = { pt: 'Fuso horário', en: 'Timezone', es: 'Zona horaria' }
  for (const [lng, label] of Object.entries(labels)) {
    await page.evaluate((l) => localStorage.setItem('language', l), lng)
    await step(b, `timezone-${lng}`, async () => {
      await page.goto(`${server.url}/settings?tab=options`)
      await page.locator('label[for=setting-timezone]', { hasText: label }).waitFor()
      await page.locator('#setting-timezone').scrollIntoViewIfNeeded()
    })
    t.equal(await page.inputValue('#setting-timezone'), lng === 'pt' ? 'America/Sao_Paulo' : 'America/Manaus', `${lng}: the zone in force`)
    if (lng === 'pt') {
      await page.selectOption('#setting-timezone', 'America/Manaus')
      await page.locator('#setting-timezone:not([disabled])').waitFor()
    }
    t.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${lng}: fits 390 px`)
    await b.screenshot(`timezone-${lng}`)
  }
  t.match(await api('GET', `/companies/${(await api<{ companyId: number }>('GET', '/auth/me')).companyId}`), { timezone: 'America/Manaus' }, 'saved for the company')
  await page.evaluate(() => localStorage.setItem('language', 'pt'))
  await page.setViewportSize({ width: 1366, height: 800 })
})
