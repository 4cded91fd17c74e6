import t from 'tap'
import { startServer, type RunningServer } from './lib/server.ts'
import { apiCall, signIn, sandboxConnection } from './lib/session.ts'
import { escapeDialog, openBrowser, step, waitForToast, type BrowserSession } from './lib/browser.ts'
import { receiver, verify, type Receiver } from '../plugins/webhooks/server/test-support/receiver.ts'
import { until } from './lib/until.ts'

/**
 * Webhooks end to end with a local receiver (no internet): the admin registers an endpoint on /webhooks (events as
 * checkboxes, a generated secret), a sandbox customer writes and the receiver gets signed ticket.opened and
 * message.received; the deliveries dialog shows them, sends a test event and resends one. Then pt, en, es at 390 px.
 */
t.setTimeout(600_000)

const company = { name: 'Loja Verde', email: `verde-${Date.now()}@example.com`, phone: '', password: 'verde-pass-1', planId: 2, recurrence: 'MENSAL', dueDate: '2099-01-01', status: true, campaignsEnabled: true }
const customer = { from: '5511955550077', name: 'Paulo Cliente' }

let server: RunningServer
let b: BrowserSession
let rx: Receiver
let token = ''
let secret = ''
const ids = { whatsapp: 0, webhook: 0 }

t.before(async () => {
  rx = await receiver(t)
  server = await startServer({ WEBHOOKS_WAKE_MS: '500' })
  b = await openBrowser()
})

t.teardown(async () => {
  await b?.close()
  await server?.stop()
})

const api = <T>(method: string, path: string, body?: unknown): Promise<T> => apiCall<T>(server.url, method, path, body, token)
const overflow = () => b.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
const hookRow = (name: string) => b.page.locator('[data-testid=webhooks-table] tbody tr', { hasText: name })
const logRows = () => b.page.locator('[data-testid=webhook-deliveries] tbody tr')

t.test('setup: a company and a sandbox connection', async (t) => {
  await api('POST', '/companies/cadastro', company)
  token = await signIn(b.page, server.url, company.email, company.password)
  ids.whatsapp = await sandboxConnection(server.url, token)
  t.pass(`connection ${ids.whatsapp}`)
})

t.test('the admin registers an endpoint on /webhooks: required fields first, then the events by domain', async (t) => {
  const { page } = b
  await step(b, 'menu-and-empty', async () => {
    await page.click('.zd-sidebar [data-menu-id=webhooks]')
    await page.waitForURL('**/webhooks')
    await page.getByText('Nenhum endpoint de webhook ainda.').waitFor()
  })
  await b.screenshot('webhooks-empty')
  await step(b, 'validation', async () => {
    await page.click('[data-testid=webhooks-add]')
    await page.click('[data-testid=webhook-save]')
    await page.locator('.zd-dialog').getByText('Escolha pelo menos um evento').waitFor()
    t.ok(await page.locator('.zd-dialog').getByText('Obrigatório').count() >= 2, 'name, address and secret required')
  })
  await step(b, 'save', async () => {
    await page.fill('#webhook-name', 'CRM da loja')
    await page.fill('#webhook-url', `${rx.url}/zapdesk`)
    await page.click('[data-testid=webhook-generate]')
    secret = await page.inputValue('#webhook-secret')
    t.match(secret, /^[0-9a-f]{48}$/, 'a generated secret')
    await page.locator('label:has([data-testid=webhook-domain-ticket])').click()
    await page.locator('label:has([data-event="message.received"])').click()
    t.equal(await page.locator('[data-testid=webhook-events] input:checked').count(), 6, 'the ticket box checks its four events; one message event (and the ticket box itself)')
    await page.waitForTimeout(300)
    await b.screenshot('webhooks-dialog')
    await page.click('[data-testid=webhook-save]')
    await waitForToast(page, 'Endpoint salvo!')
    await hookRow('CRM da loja').getByText('5 eventos').waitFor()
    await page.locator('.zd-page-count', { hasText: '1 endpoint' }).waitFor()
  })
  await b.screenshot('webhooks-list')
  const [saved] = (await api<{ webhooks: Array<{ id: number; hasSecret: boolean; events: string[] }> }>('GET', '/webhooks')).webhooks
  t.match(saved, { hasSecret: true })
  t.same([...saved.events].sort(), ['message.received', 'ticket.accepted', 'ticket.closed', 'ticket.opened', 'ticket.transferred'])
  t.notOk(JSON.stringify(saved).includes(secret), 'the secret never comes back')
  ids.webhook = saved.id
})

t.test('a customer writes: the receiver gets ticket.opened then message.received, signed with the secret', async (t) => {
  await api('POST', `/sandbox/${ids.whatsapp}/messages`, { ...customer, body: 'Vocês entregam no sábado?' })
  await until('two deliveries', async () => rx.received.length >= 2)
  t.same(rx.received.map((r) => r.json.event), ['ticket.opened', 'message.received'])
  t.ok(rx.received.every((r) => verify(secret, r)), 'HMAC-SHA256 under the secret the page generated')
  t.match(rx.received[1].json.data, { message: { body: 'Vocês entregam no sábado?', fromMe: false }, ticket: { contact: { number: customer.from } } })
})

t.test('the deliveries dialog: status tags, a test event, resend', async (t) => {
  const { page } = b
  await step(b, 'log', async () => {
    await hookRow('CRM da loja').locator('[data-testid=webhook-deliveries-open]').click()
    await page.locator('.zd-webhook-log').getByText('2 entregas').waitFor()
    t.equal(await page.locator('[data-testid=webhook-deliveries] [data-status=delivered]').count(), 2, 'both delivered')
    await page.locator('[data-testid=webhook-deliveries]').getByText('Mensagem recebida').waitFor()
  })
  await step(b, 'test-event', async () => {
    await page.click('[data-testid=webhook-test]')
    await waitForToast(page, 'Evento de teste na fila.')
    await until('the test event', async () => rx.received.some((r) => r.json.event === 'webhook.test'))
    await until('logged delivered', async () => {
      await page.click('[data-testid=webhook-log-refresh]')
      return (await page.locator('[data-testid=webhook-deliveries] tr[data-event="webhook.test"] [data-status=delivered]').count()) === 1
    })
  })
  await step(b, 'refresh-keeps-rows', async () => {
    // The answer held back: meanwhile the rows stay listed (dimmed) and the dialog keeps its place.
    let release!: () => void
    const held = new Promise<void>((r) => (release = r))
    const deliveries = '**/api/webhooks/*/deliveries?*'
    await page.route(deliveries, async (route) => {
      await held
      await route.continue()
    })
    const before = await page.locator('.zd-webhook-log').boundingBox()
    await page.click('[data-testid=webhook-log-refresh]')
    await page.locator('[data-testid=webhook-deliveries].is-refreshing').waitFor()
    t.equal(await logRows().count(), 3, 'the rows stay listed while the page is read again')
    t.same(await page.locator('.zd-webhook-log').boundingBox(), before, 'the dialog does not move')
    await b.screenshot('webhooks-deliveries-refreshing')
    release()
    await page.locator('[data-testid=webhook-deliveries]:not(.is-refreshing)').waitFor()
    await page.unroute(deliveries)
  })
  await page.waitForTimeout(300)
  await b.screenshot('webhooks-deliveries')
  await step(b, 'resend', async () => {
    const first = rx.received.find((r) => r.json.event === 'message.received')!
    await page.locator('[data-testid=webhook-deliveries] tr[data-event="message.received"] [data-testid=webhook-resend]').click()
    await waitForToast(page, 'Entrega na fila de novo.')
    await until('the resent delivery', async () => rx.received.filter((r) => r.json.id === first.json.id).length === 2)
  })
  t.pass('resent under the same id')
  await page.locator('.zd-webhook-log .bp6-dialog-close-button').click()
  await page.locator('.zd-webhook-log').waitFor({ state: 'detached' })
})

t.test('at 390 px in pt, en and es the page and its dialogs fit and speak the language', async (t) => {
  const { page } = b
  await page.setViewportSize({ width: 390, height: 780 })
  const texts = { pt: { count: '1 endpoint', events: 'Eventos', log: 'Enviar evento de teste' }, en: { count: '1 endpoint', events: 'Events', log: 'Send a test event' }, es: { count: '1 endpoint', events: 'Eventos', log: 'Enviar evento de prueba' } }
  for (const [lng, text] of Object.entries(texts)) {
    await page.evaluate((l) => localStorage.setItem('language', l), lng)
    await step(b, `phone-${lng}`, async () => {
      await page.goto(`${server.url}/webhooks`)
      await page.locator('.zd-page-count', { hasText: text.count }).waitFor()
      t.ok(await overflow() <= 0, `${lng}: the list fits 390 px`)
      await b.screenshot(`webhooks-phone-${lng}`)
      await hookRow('CRM da loja').locator('[data-testid=webhook-edit]').click()
      await page.locator('.zd-dialog').getByText(text.events, { exact: true }).first().waitFor()
      t.ok(await overflow() <= 0, `${lng}: the dialog fits 390 px`)
      await page.waitForTimeout(400)
      await b.screenshot(`webhooks-dialog-phone-${lng}`)
      await escapeDialog(page)
      await hookRow('CRM da loja').locator('[data-testid=webhook-deliveries-open]').click()
      await page.locator('[data-testid=webhook-test]', { hasText: text.log }).waitFor()
      await logRows().first().waitFor()
      t.ok(await overflow() <= 0, `${lng}: the deliveries fit 390 px`)
      await page.waitForTimeout(400)
      await b.screenshot(`webhooks-log-phone-${lng}`)
      await escapeDialog(page, '.zd-webhook-log')
    })
  }
})

t.test('no console errors along the way', async (t) => {
  t.same(b.errors, [])
})
