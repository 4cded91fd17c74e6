import t from 'tap'
import { startServer, type RunningServer } from './lib/server.ts'
import { apiAnswer, apiCall, signIn, sandboxConnection } from './lib/session.ts'
import { escapeDialog, openBrowser, step, waitForToast, type BrowserSession } from './lib/browser.ts'
import { until } from './lib/until.ts'

/**
 * The external messages API end to end: the admin generates a connection's token in the connection dialog (shown
 * once), then on /messages-api sends a text and a file with the test forms to a sandbox connection; a wrong token is
 * refused in the user's language without signing out; the message is in the contact's ticket and the sandbox's
 * outbox. Then the page and the token section at 390 px in pt, en and es, and a company without the plan flag.
 */
t.setTimeout(600_000)

const stamp = Date.now()
const company = { name: 'Loja API', email: `api-${stamp}@example.com`, phone: '', password: 'api-pass-1', planId: 2, recurrence: 'MENSAL', dueDate: '2099-01-01', status: true }
const NUMBER = '5511944440042'

let server: RunningServer
let b: BrowserSession
let session = ''
let whatsappId = 0
let apiToken = ''

t.before(async () => {
  server = await startServer()
  b = await openBrowser()
})

t.teardown(async () => {
  await b?.close()
  await server?.stop()
})

const api = <T>(method: string, path: string, body?: unknown): Promise<T> => apiCall<T>(server.url, method, path, body, session)
const overflow = () => b.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
const outbox = () => api<Array<{ to: string; body: string | null; fileName: string | null }>>('GET', `/sandbox/${whatsappId}/outbox`)

t.test('setup: a PRO company with a sandbox connection', async (t) => {
  await api('POST', '/companies/cadastro', company)
  session = await signIn(b.page, server.url, company.email, company.password)
  whatsappId = await sandboxConnection(server.url, session)
  t.pass(`connection ${whatsappId}`)
})

t.test('the connection dialog generates the token once; rotating asks first', async (t) => {
  const { page } = b
  await step(b, 'generate', async () => {
    await page.click('.zd-sidebar [data-menu-id=connections]')
    await page.locator(`[data-testid=connections-table] tr[data-connection-id="${whatsappId}"] [data-testid=connection-edit]`).click()
    const section = page.locator('[data-testid=connection-token]')
    await section.getByText('Token da API').waitFor()
    await section.getByText('Nenhum token gerado.').waitFor()
    await page.click('[data-testid=connection-token-generate]')
    await section.getByText('Copie o token agora: ele não será mostrado de novo.').waitFor()
    apiToken = await page.inputValue('[data-testid=connection-token-value]')
    t.match(apiToken, /^zdk_[A-Za-z0-9_-]{43}$/)
    await b.screenshot('external-api-token-shown')
  })
  await step(b, 'rotate-asks', async () => {
    await page.click('[data-testid=connection-token-rotate]')
    await page.locator('.zd-confirm').getByText('Gerar um novo token?').waitFor()
    await page.locator('.zd-confirm').getByRole('button', { name: 'Cancelar' }).click()
    await page.locator('.zd-confirm').waitFor({ state: 'detached' })
    await escapeDialog(page, '.zd-conn-dialog')
  })
  await step(b, 'reopened', async () => {
    await page.locator(`[data-testid=connections-table] tr[data-connection-id="${whatsappId}"] [data-testid=connection-edit]`).click()
    await page.locator('[data-testid=connection-token-state]', { hasText: 'Token gerado.' }).waitFor()
    t.equal(await page.locator('[data-testid=connection-token-value]').count(), 0, 'never shown again')
    await escapeDialog(page, '.zd-conn-dialog')
  })
  const wrong = await apiAnswer<{ error: string }>(server.url, 'POST', '/messages/send', { number: NUMBER, body: 'x' }, 'zdk_wrong')
  t.equal(wrong.status, 401)
})

t.test('/messages-api: curl with the company\'s address, and the test forms send text and a file', async (t) => {
  const { page } = b
  await step(b, 'page', async () => {
    await page.click('.zd-sidebar [data-menu-id=messages-api]')
    await page.waitForURL('**/messages-api')
    t.equal(await page.textContent('[data-testid=extapi-endpoint]'), `${server.url}/api/messages/send`)
    t.match(await page.textContent('[data-testid=extapi-curl-text]'), `curl -X POST '${server.url}/api/messages/send'`)
    await b.screenshot('external-api-page')
  })
  await step(b, 'bad-token', async () => {
    const form = page.locator('[data-testid=extapi-form-text]')
    await form.locator('#extapi-text-token').fill('zdk_wrong')
    await form.locator('#extapi-text-number').fill(NUMBER)
    await form.locator('#extapi-text-body').fill('Teste pela API')
    await page.click('[data-testid=extapi-send-text]')
    await waitForToast(page, 'Token inválido: confira o token da conexão.')
    t.ok(page.url().endsWith('/messages-api'), 'a refused token does not sign the user out')
  })
  await step(b, 'text', async () => {
    await page.locator('#extapi-text-token').fill(apiToken)
    await page.click('[data-testid=extapi-send-text]')
    await waitForToast(page, 'Mensagem enviada com sucesso')
    await page.locator('[data-testid=extapi-answer-text]', { hasText: '"ticketId"' }).waitFor()
    const sent = await until('the text in the outbox', async () => (await outbox()).find((m) => m.body === 'Teste pela API'))
    t.equal(sent.to, `${NUMBER}@s.whatsapp.net`)
  })
  await step(b, 'media', async () => {
    await page.locator('#extapi-media-token').fill(apiToken)
    await page.locator('#extapi-media-number').fill(NUMBER)
    await page.setInputFiles('#extapi-media-file', { name: 'boleto.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 boleto') })
    await page.click('[data-testid=extapi-send-media]')
    await waitForToast(page, 'Mensagem enviada com sucesso')
    await until('the file in the outbox', async () => (await outbox()).find((m) => m.fileName === 'boleto.pdf'))
    await b.screenshot('external-api-sent')
  })
  await step(b, 'in-the-ticket', async () => {
    const answer = JSON.parse(await page.textContent('[data-testid=extapi-answer-text]') ?? '{}') as { ticketId: number }
    const messages = (await api<{ messages: Array<{ body: string }> }>('GET', `/messages/${answer.ticketId}`)).messages
    t.ok(messages.some((m) => m.body === 'Teste pela API'), 'the text is in the contact\'s ticket')
  })
})

t.test('at 390 px in pt, en and es the page and the token section fit and speak the language', async (t) => {
  const { page } = b
  await page.setViewportSize({ width: 390, height: 780 })
  const texts = { pt: { title: 'API de mensagens', token: 'Token da API' }, en: { title: 'Messages API', token: 'API token' }, es: { title: 'API de mensajes', token: 'Token de la API' } }
  for (const [lng, text] of Object.entries(texts)) {
    await page.evaluate((l) => localStorage.setItem('language', l), lng)
    await step(b, `phone-${lng}`, async () => {
      await page.goto(`${server.url}/messages-api`)
      await page.locator('.zd-page-title', { hasText: text.title }).waitFor()
      t.ok(await overflow() <= 0, `${lng}: the page fits 390 px`)
      await b.screenshot(`external-api-phone-${lng}`)
      await page.goto(`${server.url}/connections`)
      await page.locator(`[data-testid=connections-table] tr[data-connection-id="${whatsappId}"] [data-testid=connection-edit]`).click()
      await page.locator('[data-testid=connection-token]').getByText(text.token).waitFor()
      await page.locator('[data-testid=connection-token]').scrollIntoViewIfNeeded()
      t.ok(await overflow() <= 0, `${lng}: the dialog fits 390 px`)
      await page.waitForTimeout(400)
      await b.screenshot(`external-api-token-phone-${lng}`)
      await escapeDialog(page, '.zd-conn-dialog')
    })
  }
  await page.evaluate(() => localStorage.setItem('language', 'pt'))
  await page.setViewportSize({ width: 1366, height: 800 })
})

t.test('a company without useExternalApi: no menu entry, the page sends it home, the API refuses', async (t) => {
  const { page } = b
  const basic = { ...company, name: 'Loja Básica', email: `basic-${stamp}@example.com`, planId: 1 }
  await api('POST', '/companies/cadastro', basic)
  await page.evaluate(() => localStorage.clear())
  const basicSession = await signIn(page, server.url, basic.email, basic.password)
  t.equal(await page.locator('.zd-sidebar [data-menu-id=messages-api]').count(), 0, 'no menu entry')
  await step(b, 'refused-page', async () => {
    await page.goto(`${server.url}/messages-api`)
    await waitForToast(page, 'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.')
    await page.waitForURL((url) => url.pathname === '/')
  })
  const id = (await apiCall<{ id: number }>(server.url, 'POST', '/whatsapp', { name: 'Básica', provider: 'sandbox' }, basicSession)).id
  const token = (await apiCall<{ token: string }>(server.url, 'POST', `/whatsapp/${id}/token`, undefined, basicSession)).token
  const refused = await apiAnswer<{ error: string }>(server.url, 'POST', '/messages/send', { number: NUMBER, body: 'x' }, token)
  t.equal(refused.status, 403)
  t.equal(refused.body.error, 'ERR_FEATURE_DISABLED')
})

t.test('no console errors along the way', async (t) => {
  // The refused test send answers 401 on purpose: the browser logs that failed request as an error.
  t.same(b.errors.filter((e) => !/status of 40[13]/.test(e)), [])
})
